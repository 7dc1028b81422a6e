/**
 * Settings → Phonebooks: the list of company directories, with the preload API faked at the IPC
 * boundary (main's side is tested against a real slapd in test/main/directory). The rows act like
 * the phonebook's own lists: Remove asks first, a refusal is said, Edit opens the form filled in.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadLaterStrings } from '@renderer/i18n';
import { DirectorySettings } from '@renderer/features/directory/settings-entry';
import { directoryView } from './directories';
import { installBridge, renderWithQueries, type FakeBridge, type Reply } from '../fake-bridge';

const dir = directoryView;

/** The directories main holds, and how it answers a removal. */
function installApi(removal: (id: string) => Reply): FakeBridge {
  let directories = [dir('head', 'Head office'), dir('branch', 'Branch')];
  return installBridge({
    listDirectories: () => ({ ok: true, value: directories }),
    deleteDirectory: (input) => {
      const { id } = input as { id: string };
      const result = removal(id);
      if (result.ok) directories = directories.filter((d) => d.id !== id);
      return result;
    },
  });
}

function show() {
  renderWithQueries(<DirectorySettings />);
  return screen.getByRole('region', { name: 'Phonebooks' });
}

const question = 'Remove the directory “Branch”? Its stored password is deleted too.';

beforeAll(async () => {
  await initI18n('en');
  // the Settings screen's words come after the first screen's; the screen waits for them, as here
  await loadLaterStrings();
});
afterEach(cleanup);

describe('the company directories in Settings', () => {
  it('Remove asks first; Cancel keeps the row, Remove removes that one and says so', async () => {
    const main = installApi(() => ({ ok: true, value: { deleted: true } }));
    const panel = show();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remove Branch' }));
    fireEvent.click(within(within(panel).getByRole('group', { name: question })).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('group', { name: question })).toBeNull();
    expect(main.inputsOf('deleteDirectory')).toEqual([]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Remove Branch' }));
    fireEvent.click(within(within(panel).getByRole('group', { name: question })).getByRole('button', { name: 'Remove' }));
    expect(await within(panel).findByText('Directory removed.')).toBeTruthy();
    expect(main.inputsOf('deleteDirectory')).toEqual([{ id: 'branch' }]);
    expect(within(panel).queryByText('Branch')).toBeNull();
    expect(within(panel).getByText('Head office')).toBeTruthy();
  });

  it('a removal main refuses is said, with what to do, and the row stays', async () => {
    installApi(() => ({ ok: false, error: { code: 'directory.keychain_failed', message: 'keychain' } }));
    const panel = show();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remove Branch' }));
    fireEvent.click(within(within(panel).getByRole('group', { name: question })).getByRole('button', { name: 'Remove' }));
    expect(await within(panel).findByText('The system keychain did not respond. Unlock it and try once more.')).toBeTruthy();
    expect(within(panel).getByText('Branch')).toBeTruthy();
    expect(within(panel).queryByText('Directory removed.')).toBeNull();
  });

  it('Edit opens that directory filled in; Cancel goes back to the list', async () => {
    installApi(() => ({ ok: true, value: { deleted: true } }));
    const panel = show();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Edit Head office' }));
    const form = within(panel).getByRole('form', { name: 'Edit directory “Head office”' });
    expect((within(form).getByLabelText('Server address') as HTMLInputElement).value).toBe('ldaps://head.example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Add directory' })).toBeTruthy();
  });
});
