/**
 * Phonebook files through the user's own hands: the CSV to import is picked
 * in the browser's file picker (the preview's stand-in for main's open
 * dialog), and the export is saved by main (the preview's downloads folder,
 * as main's save dialog would), shown with Open / Show in folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';

const TEXT = {
  en: { manage: 'Manage phonebook…', transfer: 'Import and export', import: 'Import', export: 'Export CSV', added: 'New contacts: 2' },
  'zh-CN': { manage: '管理通讯录…', transfer: '导入和导出', import: '导入', export: '导出 CSV', added: '新增联系人：2' },
} as const;

for (const language of ['en', 'zh-CN'] as const) {
  test(`imports a CSV picked by the user and saves the export where the user can find it (${language})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    await openApp(page, preview, language);
    await page.getByRole('button', { name: text.manage }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: text.transfer }).click();

    const chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('csv-choose').click();
    await (await chooser).setFiles({ name: '客户 contacts.csv', mimeType: 'text/csv', buffer: Buffer.from('name,fax\nAlice,+86 10 8888 0001\n张伟,861088880002\n') });
    await expect(dialog.getByTestId('csv-chosen')).toContainText('客户 contacts.csv');
    await dialog.getByRole('button', { name: text.import, exact: true }).click();
    await expect(dialog.getByText(text.added)).toBeVisible();

    await dialog.getByRole('button', { name: text.export }).click();
    const saved = dialog.getByTestId('saved-file');
    const downloads = path.join(preview.dataDir, 'downloads');
    await expect(saved).toContainText(downloads);
    const file = path.join(downloads, 'faxdesk-phonebook.csv');
    expect(fs.readFileSync(file, 'utf8')).toContain('张伟');
    await saved.scrollIntoViewIfNeeded();
    await shot(page, `phonebook-files-${language}`);
    await expectNoAxeViolations(page);
  });
}
