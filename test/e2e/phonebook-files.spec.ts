/**
 * Phonebook files through the user's own hands: the CSV to import is picked
 * in the browser's file picker (the preview's stand-in for main's open
 * dialog), and the export is saved by main (the preview's downloads folder,
 * as main's save dialog would), shown with Open / Show in folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, expectNoAxeViolations, openApp, shot, test } from './fixtures';
import { tr } from './ui';

/** Control names from the catalogues; the sentence expected after the import is the test's own, in each language. */
function words(language: 'en' | 'zh-CN') {
  const l = tr(language);
  return {
    manage: l('phonebook:picker.manage'),
    transfer: l('phonebook:manage.views.transfer'),
    contacts: l('phonebook:manage.views.contacts'),
    deleteZhang: l('phonebook:contact.deleteLabel', { name: '张伟' }),
    askZhang: l('phonebook:contact.confirmDelete', { name: '张伟' }),
    title: l('phonebook:manage.title'),
    csvImport: l('phonebook:csv.importHeading'),
    choose: l('phonebook:csv.chooseButton'),
    chosen: l('phonebook:csv.chosen', { name: '客户 contacts.csv' }),
    import: l('phonebook:csv.import'),
    export: l('phonebook:csv.export'),
    exported: l('phonebook:csv.exported', { count: 2 }),
    added: language === 'en' ? 'New contacts: 2' : '新增联系人：2',
  };
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`imports a CSV picked by the user and saves the export where the user can find it (${language})`, async ({ page, preview }) => {
    test.setTimeout(120_000);
    const text = words(language);
    await openApp(page, preview, language);
    await page.getByRole('button', { name: text.manage }).click();
    const dialog = page.getByRole('dialog', { name: text.title, exact: true });
    await dialog.getByRole('button', { name: text.transfer }).click();

    const csv = dialog.getByRole('region', { name: text.csvImport, exact: true });
    const chooser = page.waitForEvent('filechooser');
    await csv.getByRole('button', { name: text.choose, exact: true }).click();
    await (await chooser).setFiles({ name: '客户 contacts.csv', mimeType: 'text/csv', buffer: Buffer.from('name,fax\nAlice,+86 10 8888 0001\n张伟,861088880002\n') });
    await expect(csv.getByText(text.chosen, { exact: true })).toBeVisible();
    await csv.getByRole('button', { name: text.import, exact: true }).click();
    await expect(dialog.getByText(text.added)).toBeVisible();

    await dialog.getByRole('button', { name: text.export }).click();
    const saved = dialog.getByRole('status').filter({ hasText: text.exported });
    const downloads = path.join(preview.dataDir, 'downloads');
    await expect(saved).toContainText(downloads);
    const file = path.join(downloads, 'faxdesk-phonebook.csv');
    expect(fs.readFileSync(file, 'utf8')).toContain('张伟');
    await saved.scrollIntoViewIfNeeded();
    await shot(page, `phonebook-files-${language}`);
    await expectNoAxeViolations(page);

    // The imported contacts are listed, each with Edit and Delete; Delete asks first.
    await dialog.getByRole('button', { name: text.contacts, exact: true }).click();
    await dialog.getByRole('button', { name: text.deleteZhang, exact: true }).click();
    await expect(dialog.getByRole('group', { name: text.askZhang, exact: true })).toBeVisible();
    await shot(page, `phonebook-contacts-${language}`);
    await expectNoAxeViolations(page);
  });
}
