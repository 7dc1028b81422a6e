/**
 * vCard import and export in the real UI (browser preview): the user picks
 * a Thunderbird and an Outlook export in the file chooser, sees the preview
 * with per-card reasons, imports (categories become groups), and exports the
 * phonebook as vCards through main's save dialog (the preview's downloads
 * folder), which reads back as the same contacts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import { pattern, tr } from './ui';

test.use({ viewport: { width: 1280, height: 800 } });

const fixture = (name: string) => path.resolve('test/main/phonebook/fixtures', name);

/** The names of the controls come from the catalogues; the expected sentences are the test's own, in each language. */
const T = {
  en: { noFax: 'This card has no fax number', summary: '3 cards: 4 new contacts, 0 numbers already saved (merged), 1 not imported.' },
  'zh-CN': { noFax: '此名片没有传真号码', summary: '3 张名片：新联系人 4 个，已保存的号码 0 个（合并），未导入 1 个。' },
} as const;

for (const language of ['en', 'zh-CN'] as const) {
  test(`vCards from Outlook and Thunderbird are previewed, imported with their groups, and exported (${language})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    const L = T[language];
    const l = tr(language);
    await openApp(page, preview, language);
    await page.getByRole('button', { name: l('phonebook:picker.manage'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: l('phonebook:manage.title'), exact: true });
    await dialog.getByRole('group', { name: l('phonebook:manage.viewsLabel'), exact: true }).getByRole('button', { name: l('phonebook:manage.views.transfer'), exact: true }).click();

    const section = dialog.getByRole('region', { name: l('phonebook:vcard.importHeading'), exact: true });
    const choose = section.getByRole('button', { name: l('phonebook:vcard.chooseButton'), exact: true });
    const importButton = section.getByRole('button', { name: l('phonebook:csv.import'), exact: true });
    const result = section.getByRole('status');
    const chooser = page.waitForEvent('filechooser');
    await choose.click();
    await (await chooser).setFiles(fixture('outlook.vcf'));
    await expect(section.getByText(pattern(language, 'phonebook:vcard.previewSummary', false))).toContainText(L.summary);
    const skipped = section.getByRole('table', { name: l('phonebook:vcard.skippedCaption'), exact: true });
    await expect(skipped).toContainText('Bob Nofax');
    await expect(skipped).toContainText(L.noFax);
    await shot(page, `vcard-preview-${language}`);
    await expectNoAxeViolations(page);
    await importButton.click();
    await expect(result).toContainText(language === 'en' ? 'New contacts: 4' : '新联系人：4');

    const again = page.waitForEvent('filechooser');
    await choose.click();
    await (await again).setFiles(fixture('thunderbird.vcf'));
    await expect(section.getByText(pattern(language, 'phonebook:vcard.previewSummary', false))).toContainText('Suppliers, Switzerland, Beijing');
    await importButton.click();
    await expect(result).toContainText(language === 'en' ? 'New contacts: 2' : '新联系人：2');

    await dialog.getByRole('button', { name: l('phonebook:vcard.export'), exact: true }).click();
    await expect(dialog.getByRole('status').filter({ hasText: l('phonebook:csv.exported', { count: 6 }) })).toContainText('faxdesk-phonebook.vcf');
    await shot(page, `vcard-exported-${language}`);
    const text = fs.readFileSync(path.join(preview.dataDir, 'downloads', 'faxdesk-phonebook.vcf'), 'utf8');
    expect(text.match(/BEGIN:VCARD/g)).toHaveLength(6);
    expect(text).toContain('FN:张伟');
    expect(text).toContain('CATEGORIES:Suppliers,Switzerland');

    // The groups are in the picker, with their members' numbers.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: l('phonebook:picker.heading'), exact: true }).getByRole('checkbox', { name: /Suppliers ?[（(]2[）)]/ })).toBeVisible();
  });
}
