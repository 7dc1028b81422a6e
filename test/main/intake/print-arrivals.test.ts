import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IntakeQueue } from '@main/intake/documents';
import { createPrintArrivalHandler, type ArrivalNotification } from '@main/electron/print-arrivals';

// The Electron glue's decisions, driven through the real intake queue: only
// Electron's window and Notification are stand-ins.
function setup(state: { onScreen: boolean; keepInTray: boolean; language?: 'en' | 'zh-CN' }) {
  const shown: number[] = [];
  const notes: ArrivalNotification[] = [];
  const queue = new IntakeQueue({ emit: () => {} });
  queue.onOffered(
    createPrintArrivalHandler({
      window: { isOnScreen: () => state.onScreen, show: () => shown.push(Date.now()) },
      keepInTray: () => state.keepInTray,
      language: () => state.language ?? 'en',
      notify: (n) => notes.push(n),
    }),
  );
  return { queue, shown, notes };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-arrivals-'));
const printed = path.join(dir, 'Quote (print job 3).pdf');
fs.writeFileSync(printed, '%PDF-1.4\n%%EOF\n');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a printed document arriving', () => {
  it('raises the window on the Send screen when it is on screen, or when FaxDesk does not live in the tray', () => {
    for (const state of [
      { onScreen: true, keepInTray: true },
      { onScreen: false, keepInTray: false },
    ]) {
      const { queue, shown, notes } = setup(state);
      queue.offer([printed], 'print');
      expect(shown).toHaveLength(1);
      expect(notes).toHaveLength(0);
    }
  });

  it('notifies instead when the window is hidden in the tray, and a click brings it up', () => {
    const { queue, shown, notes } = setup({ onScreen: false, keepInTray: true });
    queue.offer([printed], 'print');
    expect(shown).toHaveLength(0);
    expect(notes).toMatchObject([{ title: 'Printed document ready to fax', body: 'Quote (print job 3).pdf. Click to choose the recipients.' }]);
    notes[0]!.onClick();
    expect(shown).toHaveLength(1);
  });

  it('says how many printed documents waited for FaxDesk to start, in the user\'s language', () => {
    const { queue, notes } = setup({ onScreen: false, keepInTray: true, language: 'zh-CN' });
    queue.offer([printed], 'print', { waitingPrinted: 2 });
    expect(notes[0]!.title).toBe('有 2 个打印的文档在等待');
  });

  it('leaves documents opened with FaxDesk and refusals alone (open-handlers raise the window for those)', () => {
    const { queue, shown, notes } = setup({ onScreen: false, keepInTray: true });
    queue.offer([printed], 'argv');
    queue.offer([path.join(dir, 'missing.pdf')], 'print');
    expect(shown).toHaveLength(0);
    expect(notes).toHaveLength(0);
  });
});
