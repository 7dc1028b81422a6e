/**
 * The start-up check of the demo service's state (demo-state.ts) on a large state: it never holds
 * main's event loop (IPC calls keep being answered while 20,000 demo tasks are read), a damaged one
 * is still moved aside with its notice, and the demo service does not start on the file before the
 * check is done with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STATE_FILE, setAsideUnreadableDemoState } from '@main/account/demo-state';
import { writeSnapshotAtomic } from '../../../src/simulator/persist';
import { demoAccount, demoTask } from '../../helpers/demo-tasks';
import { makeTestServices, type TestServices } from '../../helpers/services';

const account = demoAccount();

let dir = '';
let running: TestServices | null = null;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-demo-state-'));
});
afterEach(async () => {
  await running?.cleanup();
  running = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A demo state of `count` tasks as the demo service writes it (one task a line). */
function keptState(count: number): string {
  const file = path.join(dir, DEMO_STATE_FILE);
  writeSnapshotAtomic(file, { version: 1, account, files: [], tasks: Array.from({ length: count }, (_, i) => demoTask(i, 2)) });
  return file;
}

/** How many times a 1 ms timer ran while `work` was under way (0: the event loop was held throughout). */
async function turnsDuring(work: () => unknown): Promise<number> {
  let turns = 0;
  const timer = setInterval(() => (turns += 1), 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return turns;
}

describe('the demo state checked at start without holding main', () => {
  it('20,000 kept demo tasks: the event loop keeps turning through the check, and a good state stays where it is', async () => {
    const file = keptState(20_000);
    const before = fs.readFileSync(file);
    let notice: unknown = 'not yet';
    const turns = await turnsDuring(async () => (notice = await setAsideUnreadableDemoState(file)));
    expect(notice).toBeNull();
    expect(turns).toBeGreaterThan(20);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  }, 60_000);

  it('20,000 kept demo tasks cut short by a crash: moved aside with its notice, the event loop turning meanwhile', async () => {
    const file = keptState(20_000);
    const whole = fs.readFileSync(file);
    const cut = whole.subarray(0, whole.length - 5000);
    fs.writeFileSync(file, cut);
    let notice: Awaited<ReturnType<typeof setAsideUnreadableDemoState>> = null;
    const turns = await turnsDuring(async () => (notice = await setAsideUnreadableDemoState(file)));
    expect(turns).toBeGreaterThan(20);
    expect(notice).toMatchObject({ problem: 'damaged', usingInstead: null });
    expect(fs.readFileSync(notice!.keptAt).equals(cut)).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
  }, 60_000);

  it('no state yet: nothing to say, nothing created', async () => {
    const file = path.join(dir, DEMO_STATE_FILE);
    expect(await setAsideUnreadableDemoState(file)).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('services started on a large damaged state: the demo asked at once starts afresh after the check, and the notice is there', async () => {
    const file = keptState(20_000);
    const cut = fs.readFileSync(file).subarray(0, 100_000);
    fs.writeFileSync(file, cut);
    running = await makeTestServices({ dataDir: dir });
    // the first thing the window asks: the demo account (starts the demo service), before any notice
    const account = await running.services.handlers.getAccount(undefined);
    expect(account).toMatchObject({ mode: 'demo' });
    expect(account.balance).toBeGreaterThan(0);
    const notices = await running.services.handlers.startupNotices(undefined);
    expect(notices).toEqual([expect.objectContaining({ file: 'demo', problem: 'damaged' })]);
    expect(fs.readFileSync(notices[0]!.keptAt).equals(cut)).toBe(true);
  }, 60_000);
});
