/**
 * Settings → Phonebooks: the list of company directories, with the preload API faked at the IPC
 * boundary (main's side is tested against a real slapd in test/main/directory). The rows act like
 * the phonebook's own lists: Remove asks first, a refusal is said, Edit opens the form filled in.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaxDeskApi } from '../../../src/shared/ipc/contract';
import type { DirectoryView } from '../../../src/shared/directory/types';
import { initI18n } from '../../../src/renderer/src/i18n';
import { DirectorySettings } from '../../../src/renderer/src/features/directory/settings-entry';

const dir = (id: string, name: string): DirectoryView => ({
  id,
  name,
  url: `ldaps://${id}.example.com`,
  startTls: false,
  allowPlain: false,
  bindDn: 'cn=reader',
  baseDn: 'dc=example,dc=com',
  filter: '(facsimileTelephoneNumber=*)',
  attributes: { name: ['cn'], company: ['o'], fax: ['facsimileTelephoneNumber'], extraFax: [] },
  hasPassword: true,
});

type Result = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

/** A fake preload API: the directories main holds, and how it answers a removal. */
function installApi(removal: (id: string) => Result) {
  let directories = [dir('head', 'Head office'), dir('branch', 'Branch')];
  const calls: Array<[string, unknown]> = [];
  const handlers: Record<string, (input: unknown) => Result> = {
    listDirectories: () => ({ ok: true, value: directories }),
    deleteDirectory: (input) => {
      const { id } = input as { id: string };
      const result = removal(id);
      if (result.ok) directories = directories.filter((d) => d.id !== id);
      return result;
    },
  };
  const api = new Proxy({} as FaxDeskApi, {
    get: (_t, name: string) => {
      if (name === 'on') return () => () => {};
      return async (input: unknown) => {
        calls.push([name, input]);
        return handlers[name]?.(input) ?? { ok: false, error: { code: 'test.unexpected', message: name } };
      };
    },
  });
  Object.defineProperty(window, 'faxdesk', { value: api, configurable: true, writable: true });
  return calls;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DirectorySettings />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Phonebooks' });
}

const question = 'Remove the directory “Branch”? Its stored password is deleted too.';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('the company directories in Settings', () => {
  it('Remove asks first; Cancel keeps the row, Remove removes that one and says so', async () => {
    const calls = installApi(() => ({ ok: true, value: { deleted: true } }));
    const panel = show();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remove Branch' }));
    fireEvent.click(within(within(panel).getByRole('group', { name: question })).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('group', { name: question })).toBeNull();
    expect(calls.some(([n]) => n === 'deleteDirectory')).toBe(false);

    fireEvent.click(within(panel).getByRole('button', { name: 'Remove Branch' }));
    fireEvent.click(within(within(panel).getByRole('group', { name: question })).getByRole('button', { name: 'Remove' }));
    expect(await within(panel).findByText('Directory removed.')).toBeTruthy();
    expect(calls.filter(([n]) => n === 'deleteDirectory')).toEqual([['deleteDirectory', { id: 'branch' }]]);
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
