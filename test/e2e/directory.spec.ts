/**
 * A company directory end to end: the real UI in Chromium, the real main
 * process in the browser preview, a real OpenLDAP server (slapd, started and
 * stopped here) and the simulator. The user adds the directory in Settings,
 * tests it, picks two directory people and a local group in the Send
 * screen's picker, and sends; the recipients carry their names.
 */
import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../src/simulator/index';
import { PEOPLE_DN, READER_DN, READER_PW, slapdMissing, startSlapd, type RunningSlapd } from '../helpers/slapd';
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import type {} from '../../src/renderer/src/lib/api';
import { documentList, nav, numberRows, pattern, sendResult, tr } from './ui';

test.use({ viewport: { width: 1280, height: 800 } });

let sim: RunningSimulator;
let slapd: RunningSlapd;

test.beforeAll(async () => {
  test.skip(slapdMissing() !== null, slapdMissing() ?? '');
  slapd = await startSlapd();
});
test.afterAll(async () => {
  await slapd?.stop();
});
test.beforeEach(async () => {
  sim = await startSimulator({ speed: 200, apiKey: 'e2e-key', apiSecret: 'e2e-secret-value' });
});
test.afterEach(async () => {
  await sim.stop();
});

async function onePagePdf(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Price list', { x: 60, y: 760, size: 28 });
  return { name: 'Prices.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

async function connectAndSeed(page: Page) {
  const r = await page.evaluate(async (c) => {
    const api = window.faxdesk!;
    const connected = await api.connectAccount(c);
    const a = await api.saveContact({ name: 'Li Lei', fax: '+86 10 6555 0001' });
    const b = await api.saveContact({ name: 'Wang Fang', fax: '+86 21 6555 0002' });
    if (!a.ok || !b.ok) return false;
    const g = await api.saveGroup({ name: 'Suppliers', members: [a.value.id, b.value.id] });
    return connected.ok && g.ok;
  }, { baseUrl: sim.baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret });
  expect(r).toBe(true);
  await page.reload();
  // data-ready is the app's own state (first paint done), read here, not something a user acts on.
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
}

/** What the form and the picker say (from the catalogues), and the test's expected outcome in each language. */
function words(language: 'en' | 'zh-CN') {
  const l = tr(language);
  return {
    name: l('directory:settings.name'),
    url: l('directory:settings.url'),
    bindDn: l('directory:settings.bindDn'),
    password: l('directory:settings.password'),
    baseDn: l('directory:settings.baseDn'),
    test: l('directory:settings.test'),
    save: l('directory:settings.save'),
    search: l('phonebook:picker.search'),
    add: l('phonebook:picker.add'),
    connected: language === 'en' ? /Connected \(unencrypted\): \d+ entries/ : /已连接（未加密）：过滤器找到 \d+ 个条目/,
  };
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`a directory added in Settings is searched from the picker; directory people and a group are sent to, with names (${language})`, async ({ page, preview }) => {
    test.setTimeout(180_000);
    const L = words(language);
    const l = tr(language);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openApp(page, preview, language);
    await connectAndSeed(page);

    // Settings → Phonebooks → Add directory; a wrong password first, then the right one.
    await nav(page, 'settings', language).click();
    const phonebooks = page.getByRole('region', { name: l('directory:settings.heading'), exact: true });
    await phonebooks.getByRole('button', { name: l('directory:settings.add'), exact: true }).click();
    const form = phonebooks.getByRole('form', { name: l('directory:settings.formAdd'), exact: true });
    await form.getByLabel(L.name, { exact: true }).fill('Head office');
    await form.getByLabel(L.url).fill(slapd.url);
    await form.getByLabel(L.bindDn).fill(READER_DN);
    await form.getByLabel(L.password).fill('not-the-password');
    await form.getByLabel(L.baseDn).fill(PEOPLE_DN);
    await form.getByRole('button', { name: L.test }).click();
    await expect(form.getByRole('alert')).toContainText(language === 'en' ? 'refused the bind DN or the password' : '拒绝了绑定 DN 或密码');
    await form.getByLabel(L.password).fill(READER_PW);
    await form.getByRole('button', { name: L.test }).click();
    await expect(form.getByRole('status')).toHaveText(L.connected);
    await shot(page, `directory-settings-${language}`);
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: L.save }).click();
    await expect(phonebooks.getByRole('listitem').filter({ has: page.getByRole('button', { name: `${l('directory:settings.edit')} Head office`, exact: true }) })).toContainText('Head office');
    // Remove asks first, in the list's own words; Cancel keeps the directory.
    await phonebooks.getByRole('button', { name: `${l('directory:settings.remove')} Head office`, exact: true }).click();
    const ask = phonebooks.getByRole('group', { name: l('directory:settings.removeConfirm', { name: 'Head office' }), exact: true });
    await shot(page, `directory-remove-ask-${language}`);
    await ask.getByRole('button', { name: l('directory:settings.cancel'), exact: true }).click();
    await expect(ask).toHaveCount(0);

    // Send: a document, then the picker: two directory people and the local group.
    await nav(page, 'send', language).click();
    await page.getByLabel(l('send:documents.pickerLabel'), { exact: true }).setInputFiles([await onePagePdf()]);
    await expect(documentList(page, language).getByText(l('send:documents.uploaded'), { exact: true })).toHaveCount(1);
    const picker = page.getByRole('region', { name: l('phonebook:picker.heading'), exact: true });
    const search = picker.getByLabel(L.search);
    const results = picker.getByRole('group', { name: l('directory:picker.heading', { name: 'Head office' }), exact: true });
    await search.fill('Alice');
    // each number of a person is a checkbox named by the person, the number, the company and the directory
    await expect(results.getByRole('checkbox', { name: /Alice Martin/ })).toHaveCount(2);
    await results.getByRole('checkbox', { name: /\+49 30 12345670/ }).check();
    await search.fill('张伟');
    const zhang = results.getByRole('checkbox', { name: /\+86 10 8888 1234/ });
    await expect(zhang).toHaveAccessibleName(/北京远航贸易有限公司/);
    await zhang.check();
    await search.fill('王小明');
    // A number the directory holds that cannot be a fax number is shown with its reason, not dropped (and cannot be picked).
    const unusable = results.getByRole('listitem').filter({ hasText: '12345' }).filter({ hasNot: page.getByRole('checkbox') });
    await expect(unusable).toBeVisible();
    await expect(unusable).toContainText(pattern(language, 'phonebook:reasons.too_short', false));
    await shot(page, `directory-picker-${language}`);
    await expectNoAxeViolations(page);
    await search.fill('');
    await picker.getByRole('checkbox', { name: /Suppliers/ }).check();
    await picker.getByRole('button', { name: L.add }).click();

    // Each number as read, with the name it belongs to after it.
    const rows = numberRows(page, language);
    await expect(rows).toHaveText([/861065550001 Li Lei/, /862165550002 Wang Fang/, /493012345670 Alice Martin/, /861088881234 张伟/]);

    await page.getByRole('button', { name: l('send:actions.send'), exact: true }).click();
    const result = sendResult(page, language);
    await expect(result).toHaveAttribute('data-overall', 'sent');
    await result.getByText(pattern(language, 'send:result.task_other')).first().click();
    await expect(result.getByRole('listitem')).toHaveText(['Li Lei', 'Wang Fang', 'Alice Martin', '张伟'].map((n) => new RegExp(` · ${n}$`)));
    await shot(page, `directory-sent-${language}`);
    expect(sim.tasks()[0]!.recipients.map((r) => r.phone_number)).toEqual(['861065550001', '862165550002', '493012345670', '861088881234']);
    expect(errors).toEqual([]);
  });
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`a number search on a directory that stops at 500 entries says so, also when it finds no one (${language})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    const l = tr(language);
    const limited = await startSlapd({ sizeLimit: 'sizelimit 500' });
    try {
      await openApp(page, preview, language);
      await connectAndSeed(page);
      const saved = await page.evaluate(
        (d) => window.faxdesk!.saveDirectory(d),
        {
          name: 'Limited office',
          url: limited.url,
          startTls: false,
          allowPlain: false,
          bindDn: READER_DN,
          baseDn: PEOPLE_DN,
          filter: '(facsimileTelephoneNumber=*)',
          attributes: { name: ['displayName', 'cn'], company: ['o', 'company'], fax: ['facsimileTelephoneNumber'], extraFax: ['otherFacsimileTelephoneNumber'] },
          password: READER_PW,
        },
      );
      expect(saved.ok).toBe(true);
      await page.reload();
      await expect(page.locator('body[data-ready="true"]')).toBeVisible();
      await nav(page, 'send', language).click();
      const picker = page.getByRole('region', { name: l('phonebook:picker.heading'), exact: true });
      const results = picker.getByRole('group', { name: l('directory:picker.heading', { name: 'Limited office' }), exact: true });
      // someone past the first 500 entries, whose number the server cannot search itself
      const late = limited.people.filter((p) => p.fax.length === 1 && p.otherFax.length === 0).slice(-1)[0]!;
      await picker.getByLabel(l('phonebook:picker.search')).fill(late.fax[0]!);
      await expect(results).toContainText(l('directory:picker.onlyFirst', { read: 500 }));
      await results.scrollIntoViewIfNeeded();
      await shot(page, `directory-incomplete-${language}`);
      await expectNoAxeViolations(page);
    } finally {
      await limited.stop();
    }
  });
}
