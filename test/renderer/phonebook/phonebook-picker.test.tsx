import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact, Group, RecentNumber } from '@shared/phonebook/types';
import { changeLanguage, initI18n } from '@renderer/i18n';
import { PhonebookPicker } from '@renderer/features/phonebook';
import { installBridge, renderWithQueries } from '../fake-bridge';

const contact = (id: string, name: string, fax: string, groupIds: string[] = []): Contact => ({
  id,
  name,
  fax,
  company: null,
  note: null,
  groupIds,
  updatedAt: 0,
});

const contacts = [contact('c1', 'Li Lei', '861088881234', ['g1']), contact('c2', 'Bob', '12125550123', ['g1']), contact('c3', 'Zoe', '442079460018')];
const groups: Group[] = [
  { id: 'g1', name: 'Suppliers', members: ['c2', 'c1'], numbers: ['12125550123', '861088881234'] },
  { id: 'g2', name: 'Empty', members: [], numbers: [] },
];
const recent: RecentNumber[] = [{ number: '8613812345678', lastUsedAt: Date.UTC(2026, 0, 5, 8), contactName: null }];

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });

function fakeApi() {
  const handlers: Record<string, (input: unknown) => unknown> = {
    listContacts: (input) => {
      const search = ((input as { search?: string } | undefined)?.search ?? '').toLowerCase();
      const found = contacts.filter((c) => c.name.toLowerCase().includes(search) || c.fax.includes(search));
      return { contacts: found, total: found.length };
    },
    listGroups: () => groups,
    recentNumbers: () => recent,
    getSettings: () => ({ defaultCountry: 'CN' }),
  };
  // These handlers give the value; the bridge wraps it as main's answer.
  return installBridge(Object.fromEntries(Object.entries(handlers).map(([name, h]) => [name, (input: unknown) => ok(h(input))])));
}

function renderPicker(onPick: (numbers: string[]) => void) {
  return renderWithQueries(
    <main>
      <PhonebookPicker onPick={onPick} />
    </main>,
  );
}

async function axeViolations(container: Element): Promise<string[]> {
  // happy-dom has no layout: colour contrast cannot be measured here (the e2e run in Chromium checks it).
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  fakeApi();
});

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the phonebook picker', () => {
  it('adds the numbers of a picked group to the recipients', async () => {
    const onPick = vi.fn();
    renderPicker(onPick);
    const group = await screen.findByRole('checkbox', { name: 'Suppliers (2)' });
    const add = screen.getByRole('button', { name: 'Add to recipients' });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.click(group);
    expect(add).toHaveProperty('disabled', false);
    fireEvent.click(add);
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick).toHaveBeenCalledWith(['12125550123', '861088881234']);
    expect(screen.getByRole('status').textContent).toBe('Added 2 numbers to the recipients.');
    expect(group).toHaveProperty('checked', false);
  });

  it('gives each number once when a group, its contacts and a recent number are all picked', async () => {
    const onPick = vi.fn();
    renderPicker(onPick);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Suppliers (2)' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Li Lei/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Zoe/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /\+86 138 1234 5678/ }));
    expect(screen.getByText('4 numbers selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to recipients' }));
    expect(onPick).toHaveBeenCalledWith(['12125550123', '861088881234', '442079460018', '8613812345678']);
  });

  it('keeps a picked contact while the search hides it', async () => {
    const onPick = vi.fn();
    renderPicker(onPick);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Zoe/ }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'bob' } });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Zoe/ })).toBeNull());
    fireEvent.click(screen.getByRole('checkbox', { name: /Bob/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to recipients' }));
    expect(onPick).toHaveBeenCalledWith(['442079460018', '12125550123']);
  });

  it('a search that hides every group says no group matches, not that there are none', async () => {
    renderPicker(vi.fn());
    expect(await screen.findByRole('checkbox', { name: /Suppliers/ })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No group matches “zzz”.')).toBeTruthy();
    expect(screen.queryByText('No groups yet.')).toBeNull();
  });

  it('shows contact numbers the international way and a group without members cannot be picked', async () => {
    renderPicker(vi.fn());
    const li = await screen.findByRole('checkbox', { name: /Li Lei/ });
    expect(li.closest('label')?.textContent).toContain('+86 10 8888 1234');
    expect(screen.getByRole('checkbox', { name: 'Empty (0)' })).toHaveProperty('disabled', true);
  });

  it('has no accessibility violations, in English and in Chinese, with the manage dialog open', async () => {
    const { container } = renderPicker(vi.fn());
    await screen.findByRole('checkbox', { name: 'Suppliers (2)' });
    expect(await axeViolations(container)).toEqual([]);

    await act(() => changeLanguage('zh-CN'));
    expect(await screen.findByRole('heading', { name: '通讯录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '添加到收件人' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '管理通讯录…' }));
    const dialog = await screen.findByRole('dialog', { name: '管理通讯录' });
    await within(dialog).findByRole('button', { name: '编辑 Li Lei' });
    expect(await axeViolations(container)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '导入和导出' }));
    expect(within(dialog).getByRole('button', { name: '选择 CSV 文件…' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '选择 vCard 文件…' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
