import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { LATEST_VERSION } from '@main/history';
import { makeTestServices, type TestServices } from '../../helpers/services';

let running: TestServices | null = null;
let dir = '';
afterEach(async () => {
  await running?.cleanup();
  running = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data folder prepared by the test, then FaxDesk's services started on it. */
async function startOn(prepare: (dataDir: string) => void): Promise<TestServices> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-startup-'));
  prepare(dir);
  running = await makeTestServices({ dataDir: dir });
  return running;
}

const GARBAGE = Buffer.from('SQLite format 3\0'.padEnd(4096, '#') + 'half a page, the rest lost to a crash');

describe('start-up with a damaged or newer file', () => {
  it('moves a corrupt history.sqlite aside with its -wal/-shm, starts a fresh history and says where the old one is', async () => {
    const t = await startOn((d) => {
      fs.writeFileSync(path.join(d, 'history.sqlite'), GARBAGE);
      fs.writeFileSync(path.join(d, 'history.sqlite-wal'), 'wal frames');
      fs.writeFileSync(path.join(d, 'history.sqlite-shm'), 'shared memory');
    });
    const notices = await t.services.handlers.startupNotices(undefined);
    expect(notices).toHaveLength(1);
    const [n] = notices;
    expect(n).toMatchObject({ file: 'history', problem: 'damaged', usingInstead: null });
    expect(path.dirname(n!.keptAt)).toBe(dir);
    expect(path.basename(n!.keptAt)).toMatch(/^history\.sqlite\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/);
    // nothing deleted: the damaged file and both companions are kept together
    expect(fs.readFileSync(n!.keptAt).equals(GARBAGE)).toBe(true);
    expect(fs.readFileSync(`${n!.keptAt}-wal`, 'utf8')).toBe('wal frames');
    // -shm is SQLite's shared index of the WAL, rebuilt by whoever opens the file: kept with it, not byte for byte
    expect(fs.existsSync(`${n!.keptAt}-shm`)).toBe(true);
    // and FaxDesk works with a fresh history in the usual place
    t.services.history.addTrackedTaskRef('T1');
    expect(t.services.history.getTask('T1')).not.toBeNull();
    expect(new Database(path.join(dir, 'history.sqlite'), { readonly: true }).pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(t.logLines.join('\n')).toContain(n!.keptAt);
  });

  it('leaves a history.sqlite from a newer FaxDesk byte for byte untouched and keeps this version’s history beside it', async () => {
    let before: Buffer = Buffer.alloc(0);
    let beforeWal: Buffer = Buffer.alloc(0);
    const t = await startOn((d) => {
      // a newer FaxDesk that stopped with committed rows still in its WAL: both files must survive as they are
      const writer = fs.mkdtempSync(path.join(dir, 'newer-'));
      const db = new Database(path.join(writer, 'h.sqlite'));
      db.pragma('journal_mode = WAL');
      db.pragma('wal_autocheckpoint = 0');
      db.exec("CREATE TABLE future_tasks (ref TEXT); INSERT INTO future_tasks VALUES ('from-the-future');");
      db.pragma(`user_version = ${LATEST_VERSION + 5}`);
      fs.copyFileSync(path.join(writer, 'h.sqlite'), path.join(d, 'history.sqlite'));
      fs.copyFileSync(path.join(writer, 'h.sqlite-wal'), path.join(d, 'history.sqlite-wal'));
      db.close();
      fs.rmSync(writer, { recursive: true });
      before = fs.readFileSync(path.join(d, 'history.sqlite'));
      beforeWal = fs.readFileSync(path.join(d, 'history.sqlite-wal'));
      expect(beforeWal.length).toBeGreaterThan(0);
    });
    const notices = await t.services.handlers.startupNotices(undefined);
    const fallback = path.join(dir, `history.schema-${LATEST_VERSION}.sqlite`);
    expect(notices).toEqual([
      expect.objectContaining({ file: 'history', problem: 'newer', keptAt: path.join(dir, 'history.sqlite'), usingInstead: fallback }),
    ]);
    expect(notices[0]!.reason).toContain('newer FaxDesk');
    t.services.history.addTrackedTaskRef('T2');
    await t.services.close();
    expect(fs.existsSync(fallback)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'history.sqlite')).equals(before)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'history.sqlite-wal')).equals(beforeWal)).toBe(true);
    // a second start of this version finds its own history again, and says so again
    running = await makeTestServices({ dataDir: dir });
    expect(running.services.history.getTask('T2')).not.toBeNull();
    expect((await running.services.handlers.startupNotices(undefined))[0]?.problem).toBe('newer');
  });

  it('keeps the tasks in memory with a notice when history.sqlite cannot be opened at all', async () => {
    const t = await startOn((d) => fs.mkdirSync(path.join(d, 'history.sqlite')));
    const notices = await t.services.handlers.startupNotices(undefined);
    expect(notices).toEqual([expect.objectContaining({ file: 'history', problem: 'unavailable', usingInstead: null })]);
    expect(fs.statSync(path.join(dir, 'history.sqlite')).isDirectory()).toBe(true);
    t.services.history.addTrackedTaskRef('T3');
    expect(t.services.history.getTask('T3')).not.toBeNull();
  });

  it('moves a corrupt phonebook aside with its -wal (no longer deleted) and starts an empty one', async () => {
    const t = await startOn((d) => {
      fs.writeFileSync(path.join(d, 'phonebook.sqlite'), GARBAGE);
      fs.writeFileSync(path.join(d, 'phonebook.sqlite-wal'), 'recent contacts');
    });
    const notices = await t.services.handlers.startupNotices(undefined);
    expect(notices).toEqual([expect.objectContaining({ file: 'phonebook', problem: 'damaged' })]);
    const kept = notices[0]!.keptAt;
    expect(fs.readFileSync(kept).equals(GARBAGE)).toBe(true);
    expect(fs.readFileSync(`${kept}-wal`, 'utf8')).toBe('recent contacts');
    const saved = await t.services.handlers.saveContact({ name: 'Ann', fax: '+86 138 0013 8000', company: null, note: null });
    expect((await t.services.handlers.listContacts({})).contacts.map((c) => c.id)).toEqual([saved.id]);
  });

  it('moves a corrupt demo state aside and demo mode works again', async () => {
    const truncated = '{"version":1,"account":{"uid":"demo","bal';
    const t = await startOn((d) => fs.writeFileSync(path.join(d, 'demo-service.json'), truncated));
    const notices = await t.services.handlers.startupNotices(undefined);
    expect(notices).toEqual([expect.objectContaining({ file: 'demo', problem: 'damaged' })]);
    expect(fs.readFileSync(notices[0]!.keptAt, 'utf8')).toBe(truncated);
    const account = await t.services.handlers.getAccount(undefined);
    expect(account.mode).toBe('demo');
    expect(account.balance).toBeGreaterThan(0);
  });

  it('moves unreadable settings aside and reports them with the others', async () => {
    const t = await startOn((d) => fs.writeFileSync(path.join(d, 'settings.json'), '{"language": "klingon", '));
    const notices = await t.services.handlers.startupNotices(undefined);
    expect(notices).toEqual([expect.objectContaining({ file: 'settings', problem: 'damaged' })]);
    expect(fs.readFileSync(notices[0]!.keptAt, 'utf8')).toBe('{"language": "klingon", ');
  });

  it('has nothing to say when every file is fine', async () => {
    const t = await startOn(() => {});
    expect(await t.services.handlers.startupNotices(undefined)).toEqual([]);
  });
});
