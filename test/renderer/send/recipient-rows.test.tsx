import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@renderer/i18n';
import { RecipientRows, VIRTUAL_ROWS_FROM, virtualCheckRows } from '@renderer/features/send/recipient-rows';
import { parseRecipients } from '@shared/phone/parse';
import { installBridge, renderWithQueries } from '../fake-bridge';

// happy-dom lays nothing out: the scroll box is given the height the stylesheet gives it (320 px)
// and a row the height of one line (27 px), so the virtual table sees a window as it would in
// Chromium (the e2e and the bench run it there).
const layout = {
  clientHeight: (el: HTMLElement) => (el.classList.contains('send-rows') ? 320 : 0),
  offsetHeight: (el: HTMLElement) => (el.tagName === 'TR' ? 27 : 0),
};
const real = Object.fromEntries(Object.keys(layout).map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]));
beforeAll(async () => {
  await initI18n('en');
  for (const [k, fn] of Object.entries(layout)) {
    Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get(this: HTMLElement) { return fn(this); } });
  }
});
afterAll(() => {
  for (const [k, d] of Object.entries(real)) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
});
afterEach(cleanup);

const box = (n: number) => Array.from({ length: n }, (_, i) => (i === 7 ? 'fax me' : `+86 138 ${String(10_000_000 + i)}`)).join('\n');

// The tests run in this order: the first one sees the virtual rows' code not yet loaded (it is a chunk
// of its own, fetched after the first paint or when a table first grows that long); the others after.
describe('the long check table while its code is on its way', () => {
  it('shows the first rows at once, in a box as tall as the whole table, then the rows in view when scrolled', async () => {
    installBridge({ recipientNames: () => ({ ok: true, value: [] }) });
    const parsed = parseRecipients(box(1_000), 'CN');
    renderWithQueries(<RecipientRows rows={parsed.rows} serviceErrors={{}} />);
    const table = screen.getByTestId('send-rows');
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    const first = within(table)
      .getAllByRole('row')
      .filter((r) => r.getAttribute('aria-rowindex') !== '1');
    expect(first.length).toBeGreaterThan(10);
    expect(first[0]!.textContent).toContain('8613810000000');
    expect(first.find((r) => r.getAttribute('aria-rowindex') === '9')?.getAttribute('data-invalid')).toBe('true');
    // the rest of the table is there as height, so the scroll bar does not jump when the rows arrive
    const pad = table.querySelector<HTMLElement>('tr.send-rows-pad')!;
    expect(parseInt(pad.style.height, 10)).toBeGreaterThan(900 * 27);
    // once the code is here, scrolling to the end shows the last rows
    const region = screen.getByRole('region');
    await waitFor(() => {
      region.scrollTop = 999 * 27;
      fireEvent.scroll(region);
      const indexes = within(table)
        .getAllByRole('row')
        .map((r) => Number(r.getAttribute('aria-rowindex')));
      expect(indexes).toContain(1001);
    });
  });
});

describe('the check table under the recipients box', () => {
  // as in the app once the first screen is painted: the virtual rows' code is here
  beforeAll(async () => {
    await virtualCheckRows.load();
  });

  it('at 12,000 lines puts only the rows in view in the page, and says how many there are', async () => {
    const bridge = installBridge({ recipientNames: () => ({ ok: true, value: [{ number: '8613810000000', name: 'Front desk', source: 'phonebook' }] }) });
    const parsed = parseRecipients(box(12_000), 'CN');
    renderWithQueries(<RecipientRows rows={parsed.rows} serviceErrors={{}} />);
    const table = screen.getByTestId('send-rows');
    expect(table.getAttribute('aria-rowcount')).toBe('12001');
    const rows = within(table).getAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== '1');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]!.textContent).toContain('8613810000000');
    // the wrong line is marked, with its reason in words
    const bad = rows.find((r) => r.getAttribute('aria-rowindex') === '9')!;
    expect(bad.getAttribute('data-invalid')).toBe('true');
    expect(bad.textContent).toMatch(/digits/);
    // names are asked for the rows in view only, not for 12,000 numbers
    await waitFor(() => expect(screen.getByTestId('recipient-name').textContent).toContain('Front desk'));
    const asked = bridge.inputsOf('recipientNames') as Array<{ numbers: string[] }>;
    expect(asked.length).toBeGreaterThan(0);
    for (const input of asked) expect(input.numbers.length).toBeLessThan(60);
  });

  it('scrolled to the end shows the last rows', () => {
    installBridge({ recipientNames: () => ({ ok: true, value: [] }) });
    const parsed = parseRecipients(box(1_000), 'CN');
    renderWithQueries(<RecipientRows rows={parsed.rows} serviceErrors={{}} />);
    const region = screen.getByRole('region');
    region.scrollTop = 999 * 27;
    fireEvent.scroll(region);
    const indexes = within(screen.getByTestId('send-rows'))
      .getAllByRole('row')
      .map((r) => Number(r.getAttribute('aria-rowindex')));
    expect(indexes).toContain(1001);
    expect(indexes).not.toContain(2);
  });

  it(`up to ${VIRTUAL_ROWS_FROM} rows is a whole table (it grows with the page once sent)`, () => {
    installBridge({ recipientNames: () => ({ ok: true, value: [] }) });
    const parsed = parseRecipients(box(VIRTUAL_ROWS_FROM), 'CN');
    renderWithQueries(<RecipientRows rows={parsed.rows} serviceErrors={{}} />);
    expect(within(screen.getByTestId('send-rows')).getAllByRole('row')).toHaveLength(VIRTUAL_ROWS_FROM + 1);
    expect(screen.getByRole('region').className).toBe('send-rows');
  });
});
