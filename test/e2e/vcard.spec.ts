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

test.use({ viewport: { width: 1280, height: 800 } });

const fixture = (name: string) => path.resolve('test/main/phonebook/fixtures', name);

const T = {
  en: { manage: 'Manage phonebook…', transfer: 'Import and export', import: 'Import', noFax: 'This card has no fax number', summary: '3 cards: 4 new contacts, 0 numbers already saved (merged), 1 not imported.' },
  'zh-CN': { manage: '管理通讯录…', transfer: '导入和导出', import: '导入', noFax: '此名片没有传真号码', summary: '3 张名片：新联系人 4 个，已保存的号码 0 个（合并），未导入 1 个。' },
} as const;

for (const language of ['en', 'zh-CN'] as const) {
  test(`vCards from Outlook and Thunderbird are previewed, imported with their groups, and exported (${language})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    const L = T[language];
    await openApp(page, preview, language);
    await page.getByRole('button', { name: L.manage }).click();
    const dialog = page.getByTestId('phonebook-dialog');
    await dialog.getByRole('button', { name: L.transfer }).click();

    const section = dialog.getByTestId('vcard-import');
    const chooser = page.waitForEvent('filechooser');
    await section.getByTestId('vcard-choose').click();
    await (await chooser).setFiles(fixture('outlook.vcf'));
    await expect(section.getByTestId('vcard-preview')).toContainText(L.summary);
    await expect(section.getByTestId('vcard-skipped')).toContainText('Bob Nofax');
    await expect(section.getByTestId('vcard-skipped')).toContainText(L.noFax);
    await shot(page, `vcard-preview-${language}`);
    await expectNoAxeViolations(page);
    await section.getByTestId('vcard-import-run').click();
    await expect(section.getByTestId('vcard-result')).toContainText(language === 'en' ? 'New contacts: 4' : '新联系人：4');

    const again = page.waitForEvent('filechooser');
    await section.getByTestId('vcard-choose').click();
    await (await again).setFiles(fixture('thunderbird.vcf'));
    await expect(section.getByTestId('vcard-preview')).toContainText('Suppliers, Switzerland, Beijing');
    await section.getByTestId('vcard-import-run').click();
    await expect(section.getByTestId('vcard-result')).toContainText(language === 'en' ? 'New contacts: 2' : '新联系人：2');

    await dialog.getByTestId('vcard-export').click();
    await expect(dialog.getByTestId('saved-file')).toContainText('faxdesk-phonebook.vcf');
    await shot(page, `vcard-exported-${language}`);
    const text = fs.readFileSync(path.join(preview.dataDir, 'downloads', 'faxdesk-phonebook.vcf'), 'utf8');
    expect(text.match(/BEGIN:VCARD/g)).toHaveLength(6);
    expect(text).toContain('FN:张伟');
    expect(text).toContain('CATEGORIES:Suppliers,Switzerland');

    // The groups are in the picker, with their members' numbers.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('phonebook-picker').getByRole('checkbox', { name: /Suppliers ?[（(]2[）)]/ })).toBeVisible();
  });
}
