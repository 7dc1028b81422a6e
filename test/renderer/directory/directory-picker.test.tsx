/**
 * The picker's directory sections, with the preload API faked at the IPC
 * boundary (main's side is tested against a real slapd in test/main/directory).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaxDeskApi } from '../../../src/shared/ipc/contract';
import type { DirectorySearchResult, DirectoryView } from '../../../src/shared/directory/types';
import { initI18n } from '../../../src/renderer/src/i18n';
import { PhonebookPicker } from '../../../src/renderer/src/features/phonebook';

const dir = (id: string, name: string): DirectoryView => ({
  id,
  name,
  url: 'ldaps://dc.example.com',
  startTls: false,
  allowPlain: false,
  bindDn: 'cn=reader',
  baseDn: 'dc=example,dc=com',
  filter: '(facsimileTelephoneNumber=*)',
  attributes: { name: ['cn'], company: ['o'], fax: ['facsimileTelephoneNumber'], extraFax: [] },
  hasPassword: true,
});

type Pending = { input: { directoryId: string; query: string; requestId: string }; resolve(v: unknown): void };

function fakeApi() {
  const calls: Array<[string, unknown]> = [];
  const pending: Pending[] = [];
  const answer = (input: Pending['input']): Promise<unknown> | unknown => {
    if (input.directoryId === 'branch') return { ok: false, error: { code: 'directory.unreachable', message: 'unreachable' } };
    if (input.query === 'Alice') {
      const value: DirectorySearchResult = {
        directoryId: 'head',
        truncated: null,
        entries: [
          {
            dn: 'uid=1',
            name: 'Alice Martin',
            company: 'Acme',
            numbers: [
              { raw: '+49 30 1234 5670', ok: true, number: '493012345670', unlikely: false },
              { raw: '12345', ok: false, reason: 'too_short', message: 'too short' },
            ],
          },
        ],
      };
      return { ok: true, value };
    }
    // Any other search of the head office hangs until the test lets it go.
    return new Promise((resolve) => pending.push({ input, resolve }));
  };
  const handlers: Record<string, (input: unknown) => unknown> = {
    listContacts: () => ({ ok: true, value: { contacts: [{ id: 'c1', name: 'Alice Local', fax: '861088881234', company: null, note: null, groupIds: [], updatedAt: 0 }], total: 1 } }),
    listGroups: () => ({ ok: true, value: [] }),
    recentNumbers: () => ({ ok: true, value: [] }),
    listDirectories: () => ({ ok: true, value: [dir('head', 'Head office'), dir('branch', 'Branch')] }),
    searchDirectory: (input) => answer(input as Pending['input']),
    cancelDirectorySearch: () => ({ ok: true, value: { canceled: true } }),
  };
  const api = new Proxy(
    {},
    {
      get: (_t, name: string) => {
        if (name === 'on') return () => () => {};
        return (input: unknown) => {
          calls.push([name, input]);
          const h = handlers[name];
          return Promise.resolve(h ? h(input) : { ok: false, error: { code: 'test.unexpected', message: name } });
        };
      },
    },
  ) as FaxDeskApi;
  return { api, calls, pending };
}

let fake: ReturnType<typeof fakeApi>;

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  fake = fakeApi();
  Object.defineProperty(window, 'faxdesk', { value: fake.api, configurable: true, writable: true });
});
afterEach(() => cleanup());

function renderPicker(onPick: (numbers: string[]) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PhonebookPicker onPick={onPick} />
    </QueryClientProvider>,
  );
}

const searches = () => fake.calls.filter(([n]) => n === 'searchDirectory').map(([, i]) => i as Pending['input']);

describe('directory results in the phonebook picker', () => {
  it('searches each directory once the typing settles; a failing one says so beside the others and the local contacts', async () => {
    const onPick = vi.fn();
    renderPicker(onPick);
    const box = await screen.findByRole('searchbox');
    for (const text of ['A', 'Al', 'Ali', 'Alic', 'Alice']) fireEvent.change(box, { target: { value: text } });
    const head = await waitFor(() => {
      const section = screen.getAllByTestId('directory-results').find((s) => s.dataset['directory'] === 'Head office');
      expect(section && within(section).getByRole('checkbox', { name: /Alice Martin.*\+49 30 12345670.*from Head office/ })).toBeTruthy();
      return section!;
    });
    // Debounced: one search per directory, for what was finally typed.
    expect(searches().map((s) => [s.directoryId, s.query])).toEqual([
      ['head', 'Alice'],
      ['branch', 'Alice'],
    ]);
    const branch = screen.getAllByTestId('directory-results').find((s) => s.dataset['directory'] === 'Branch')!;
    expect(branch.textContent).toContain('Branch could not be searched: FaxDesk cannot reach the server.');
    expect(screen.getByRole('checkbox', { name: /Alice Local/ })).toBeTruthy();
    // The number that cannot be sent is shown with its reason, and cannot be picked.
    const bad = head.querySelector('[data-invalid="true"]');
    expect(bad?.textContent).toContain('12345');
    expect(bad?.textContent).toContain('Too short');
    expect(bad?.querySelector('input')).toBeNull();

    fireEvent.click(within(head).getByRole('checkbox', { name: /Alice Martin/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to recipients' }));
    expect(onPick).toHaveBeenCalledWith(['493012345670']);
  });

  it('cancels a directory search the user has typed past', async () => {
    renderPicker(() => {});
    const box = await screen.findByRole('searchbox');
    fireEvent.change(box, { target: { value: 'Bob' } });
    await waitFor(() => expect(fake.pending.map((p) => p.input.query)).toEqual(['Bob']));
    const first = fake.pending[0]!.input.requestId;
    fireEvent.change(box, { target: { value: 'Alice' } });
    await waitFor(() => expect(fake.calls).toContainEqual(['cancelDirectorySearch', { requestId: first }]));
  });
});
