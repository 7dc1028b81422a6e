import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CsvPreview } from '@shared/phonebook/types';
import { initI18n } from '@renderer/i18n';
import { PhonebookPicker } from '@renderer/features/phonebook';
import { installBridge, renderWithQueries, type Handler } from '../fake-bridge';

function installApi(handlers: Record<string, Handler>) {
  const defaults: Record<string, Handler> = {
    listContacts: () => ({ ok: true, value: { contacts: [], total: 0 } }),
    listGroups: () => ({ ok: true, value: [] }),
    recentNumbers: () => ({ ok: true, value: [] }),
    getSettings: () => ({ ok: true, value: { defaultCountry: 'CN' } }),
  };
  return installBridge({ ...defaults, ...handlers }).calls;
}

/** The dialog's code is a chunk of its own: the first click waits for it (in the app it is prefetched after the first paint). */
function openDialog() {
  renderWithQueries(
    <main>
      <PhonebookPicker onPick={() => {}} />
    </main>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Manage phonebook…' }));
  return screen.findByRole('dialog', { name: 'Manage phonebook' });
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('the manage dialog', () => {
  it('says how to add the first contact and group with its own buttons, not by pointing to itself', async () => {
    installApi({});
    const dialog = await openDialog();
    expect(await within(dialog).findByText('No contacts yet. Add one with “New contact”, or import a file under “Import and export”.')).toBeTruthy();
    expect(within(dialog).queryByText(/with “Manage phonebook”/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Groups' }));
    expect(await within(dialog).findByText('No groups yet. Create one with “New group”.')).toBeTruthy();
  });

  it('checks a typed fax number before saving and shows why it is wrong', async () => {
    const calls = installApi({});
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'New contact' }));
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Li' } });
    fireEvent.change(within(dialog).getByLabelText('Fax number'), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    expect(await within(dialog).findByText('Too short: a fax number with its country code has at least 7 digits.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Fax number').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some(([n]) => n === 'saveContact')).toBe(false);
  });

  it("each row's Delete asks first, Cancel keeps the row, Yes deletes that one; Edit opens it filled in", async () => {
    const li = { id: 'c1', name: 'Li', fax: '+8610888812345', company: null, note: null, groupIds: ['g1'], updatedAt: 1 };
    const wang = { id: 'c2', name: 'Wang', fax: '+8610888867890', company: null, note: null, groupIds: [], updatedAt: 1 };
    const sales = { id: 'g1', name: 'Sales', members: ['c1'], numbers: ['+8610888812345'] };
    const calls = installApi({
      listContacts: () => ({ ok: true, value: { contacts: [li, wang], total: 2 } }),
      listGroups: () => ({ ok: true, value: [sales] }),
      deleteContact: () => ({ ok: true, value: null }),
      deleteGroup: () => ({ ok: true, value: null }),
    });
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete Wang' }));
    const ask = within(dialog).getByRole('group', { name: 'Delete Wang from the phonebook?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('group', { name: 'Delete Wang from the phonebook?' })).toBeNull();
    expect(calls.some(([n]) => n === 'deleteContact')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Wang' }));
    fireEvent.click(within(within(dialog).getByRole('group', { name: 'Delete Wang from the phonebook?' })).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Deleted Wang.')).toBeTruthy();
    expect(calls.filter(([n]) => n === 'deleteContact')).toEqual([['deleteContact', { id: 'c2' }]]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit Li' }));
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Li');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Groups' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete group Sales' }));
    const askGroup = within(dialog).getByRole('group', { name: 'Delete the group Sales? Its contacts stay in the phonebook.' });
    fireEvent.click(within(askGroup).getByRole('button', { name: 'Delete group' }));
    expect(await within(dialog).findByText('Deleted the group Sales.')).toBeTruthy();
    expect(calls.filter(([n]) => n === 'deleteGroup')).toEqual([['deleteGroup', { id: 'g1' }]]);
  });

  it('saves a contact and words a refusal from main in the UI language', async () => {
    const calls = installApi({
      saveContact: () => ({ ok: false, error: { code: 'phonebook.duplicate_number', message: 'dup', fields: { fax: ['dup'] } } }),
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'New contact' }));
    fireEvent.change(within(dialog).getByLabelText('Fax number'), { target: { value: '(010) 8888-1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    expect(await within(dialog).findByText('This fax number is already saved for another contact.')).toBeTruthy();
    expect(calls.find(([n]) => n === 'saveContact')?.[1]).toMatchObject({ name: '', fax: '(010) 8888-1234', defaultCountry: 'CN', groupIds: [] });
  });

  it('imports the CSV file chosen in main\'s open dialog, by its handle, with the column the user picked, and lists the rows it skipped', async () => {
    const preview: CsvPreview = {
      columns: ['Name', 'Office fax', 'Mobile'],
      sampleRows: [['Li', '010 8888 1234', '13812345678']],
      rowCount: 3,
      hasHeader: true,
      encoding: 'utf-8',
      suggested: { numberColumn: 2, nameColumn: 0, companyColumn: null, noteColumn: null },
    };
    const handle = `fh_${'c'.repeat(32)}`;
    const calls = installApi({
      chooseFiles: () => ({ ok: true, value: { files: [{ handle, name: 'contacts.csv' }] } }),
      previewCsvImport: () => ({ ok: true, value: preview }),
      importCsv: () => ({
        ok: true,
        value: { added: 1, merged: 1, skipped: [{ row: 4, value: 'call me', reason: 'letters', message: 'x' }], skippedCount: 1 },
      }),
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import and export' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose a CSV file…' }));
    const numberSelect = await within(dialog).findByLabelText('Column with the fax number');
    expect(calls.find(([n]) => n === 'chooseFiles')?.[1]).toEqual({ purpose: 'csv' });
    expect(calls.find(([n]) => n === 'previewCsvImport')?.[1]).toEqual({ handle });
    expect(within(dialog).getByText('File: contacts.csv')).toBeTruthy();
    expect((numberSelect as HTMLSelectElement).value).toBe('2');
    fireEvent.change(numberSelect, { target: { value: '1' } });
    // the column no role takes now is named before importing
    expect(within(dialog).getByTestId('csv-unmapped').textContent).toBe('Column Mobile is not imported. Choose it above if it should be kept.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(calls.some(([n]) => n === 'importCsv')).toBe(true));
    expect(calls.find(([n]) => n === 'importCsv')?.[1]).toEqual({
      handle,
      hasHeader: true,
      numberColumn: 1,
      nameColumn: 0,
      defaultCountry: 'CN',
    });
    const table = await within(dialog).findByRole('table', { name: 'Rows not imported' });
    expect(within(table).getByText('A fax number can only contain digits, spaces, +, -, ( ) and dots.')).toBeTruthy();
    expect(within(dialog).getAllByRole('status').some((s) => s.textContent === 'Import finished. New contacts: 1 · rows merged into numbers already saved: 1 · rows not imported: 1.')).toBe(true);
  });
});
