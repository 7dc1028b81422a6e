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
  await expect(page.locator('body[data-ready="true"]')).toBeVisible();
}

const T = {
  en: { name: 'Name', url: 'Server address', bindDn: 'Bind DN', password: 'Password', baseDn: 'Base DN', test: 'Test connection', save: 'Save', search: 'Search contacts', add: 'Add to recipients', connected: /Connected \(unencrypted\): \d+ entries/ },
  'zh-CN': { name: '名称', url: '服务器地址', bindDn: '绑定 DN', password: '密码', baseDn: '基准 DN', test: '测试连接', save: '保存', search: '搜索联系人', add: '添加到收件人', connected: /已连接（未加密）：过滤器找到 \d+ 个条目/ },
} as const;

for (const language of ['en', 'zh-CN'] as const) {
  test(`a directory added in Settings is searched from the picker; directory people and a group are sent to, with names (${language})`, async ({ page, preview }) => {
    test.setTimeout(180_000);
    const L = T[language];
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openApp(page, preview, language);
    await connectAndSeed(page);

    // Settings → Phonebooks → Add directory; a wrong password first, then the right one.
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('directory-add').click();
    const form = page.getByTestId('directory-form');
    await form.getByLabel(L.name, { exact: true }).fill('Head office');
    await form.getByLabel(L.url).fill(slapd.url);
    await form.getByLabel(L.bindDn).fill(READER_DN);
    await form.getByLabel(L.password).fill('not-the-password');
    await form.getByLabel(L.baseDn).fill(PEOPLE_DN);
    await form.getByRole('button', { name: L.test }).click();
    await expect(page.getByTestId('directory-error')).toContainText(language === 'en' ? 'refused the bind DN or the password' : '拒绝了绑定 DN 或密码');
    await form.getByLabel(L.password).fill(READER_PW);
    await form.getByRole('button', { name: L.test }).click();
    await expect(page.getByTestId('directory-test-result')).toHaveText(L.connected);
    await shot(page, `directory-settings-${language}`);
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: L.save }).click();
    await expect(page.getByTestId('directory-settings').locator('.pb-row')).toContainText('Head office');

    // Send: a document, then the picker: two directory people and the local group.
    await page.getByTestId('nav-send').click();
    await page.getByTestId('send-file-input').setInputFiles([await onePagePdf()]);
    await expect(page.locator('.send-ok')).toHaveCount(1);
    const picker = page.getByTestId('phonebook-picker');
    const search = picker.getByLabel(L.search);
    const results = picker.getByTestId('directory-results');
    await search.fill('Alice');
    await expect(results.locator('label').filter({ hasText: 'Alice Martin' })).toHaveCount(2);
    await results.locator('label').filter({ hasText: '+49 30 12345670' }).getByRole('checkbox').check();
    await search.fill('张伟');
    const zhang = results.locator('label').filter({ hasText: '+86 10 8888 1234' });
    await expect(zhang).toContainText('北京远航贸易有限公司');
    await zhang.getByRole('checkbox').check();
    await search.fill('王小明');
    // A number the directory holds that cannot be a fax number is shown with its reason, not dropped.
    await expect(results.locator('[data-invalid="true"]').filter({ hasText: '12345' })).toBeVisible();
    await shot(page, `directory-picker-${language}`);
    await expectNoAxeViolations(page);
    await search.fill('');
    await picker.getByRole('checkbox', { name: /Suppliers/ }).check();
    await picker.getByRole('button', { name: L.add }).click();

    const rows = page.getByTestId('send-rows');
    await expect(rows.locator('tbody tr')).toHaveCount(4);
    await expect(rows.getByTestId('recipient-name')).toHaveText(['Li Lei', 'Wang Fang', 'Alice Martin', '张伟'].map((n) => ` ${n}`));

    await page.getByTestId('send-button').click();
    await expect(page.getByTestId('send-result')).toHaveAttribute('data-overall', 'sent');
    await page.getByTestId('send-task').first().locator('summary').click();
    await expect(page.getByTestId('result-recipient-name')).toHaveText(['Li Lei', 'Wang Fang', 'Alice Martin', '张伟'].map((n) => ` · ${n}`));
    await shot(page, `directory-sent-${language}`);
    expect(sim.tasks()[0]!.recipients.map((r) => r.phone_number)).toEqual(['861065550001', '862165550002', '493012345670', '861088881234']);
    expect(errors).toEqual([]);
  });
}
