/**
 * The picker's directory sections, with the preload API faked at the IPC
 * boundary (main's side is tested against a real slapd in test/main/directory).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectorySearchResult } from '@shared/directory/types';
import { initI18n } from '@renderer/i18n';
import { PhonebookPicker } from '@renderer/features/phonebook';
import { directoryView } from './directories';
import { installBridge, renderWithQueries, type Handler, type Reply } from '../fake-bridge';

const dir = directoryView;

type Pending = { input: { directoryId: string; query: string; requestId: string }; resolve(v: unknown): void };

function fakeApi() {
  const pending: Pending[] = [];
  const answer = (input: Pending['input']): Reply | Promise<unknown> => {
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
    if (input.query === '010 6999 0001') {
      // A number search on a directory that stopped at its size limit: no one found, and the list is incomplete.
      const value: DirectorySearchResult = { directoryId: 'head', truncated: { reason: 'server_size_limit', shown: 0, read: 500 }, entries: [] };
      return { ok: true, value };
    }
    // Any other search of the head office hangs until the test lets it go.
    return new Promise((resolve) => pending.push({ input, resolve }));
  };
  const handlers: Record<string, Handler> = {
    listContacts: () => ({ ok: true, value: { contacts: [{ id: 'c1', name: 'Alice Local', fax: '861088881234', company: null, note: null, groupIds: [], updatedAt: 0 }], total: 1 } }),
    listGroups: () => ({ ok: true, value: [] }),
    recentNumbers: () => ({ ok: true, value: [] }),
    listDirectories: () => ({ ok: true, value: [dir('head', 'Head office'), dir('branch', 'Branch')] }),
    searchDirectory: (input) => answer(input as Pending['input']),
    cancelDirectorySearch: () => ({ ok: true, value: { canceled: true } }),
  };
  return { calls: installBridge(handlers).calls, pending };
}

let fake: ReturnType<typeof fakeApi>;

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  fake = fakeApi();
});
afterEach(() => cleanup());

const renderPicker = (onPick: (numbers: string[]) => void) => renderWithQueries(<PhonebookPicker onPick={onPick} />);

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

  it('an incomplete answer says where the directory stopped, also when it found no one', async () => {
    renderPicker(() => {});
    fireEvent.change(await screen.findByRole('searchbox'), { target: { value: '010 6999 0001' } });
    const head = await waitFor(() => {
      const section = screen.getAllByTestId('directory-results').find((s) => s.dataset['directory'] === 'Head office');
      expect(section?.textContent).toContain('returned only the first 500 entries');
      return section!;
    });
    expect(head.textContent).toContain('No one in Head office matches');
    expect(head.textContent).toContain('people after them may be missing here');
  });
});
