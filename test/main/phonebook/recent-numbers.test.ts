import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRecentNumbers } from '@main/history/recent-numbers';
import { createPhonebookService } from '@main/phonebook/phonebook-service';
import { openHistory } from '@main/history';
import { makePhonebook, type TestPhonebook } from './helpers';

/** The columns of the task history that recent numbers read (src/main/history owns the real schema). */
function historyDb(): Database.Database {
  const db = new Database(':memory:');
  db.exec(`
    CREATE TABLE tasks (id INTEGER PRIMARY KEY, created_at_ms INTEGER NOT NULL,
      create_state TEXT NOT NULL DEFAULT 'created', profile TEXT NOT NULL DEFAULT '');
    CREATE TABLE recipients (id INTEGER PRIMARY KEY, task_id INTEGER NOT NULL, position INTEGER NOT NULL, phone_number TEXT NOT NULL);
  `);
  return db;
}

function addTask(db: Database.Database, at: number, numbers: string[], o: { state?: string; profile?: string } = {}) {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO tasks (created_at_ms, create_state, profile) VALUES (?, ?, ?)')
    .run(at, o.state ?? 'created', o.profile ?? '');
  numbers.forEach((n, i) => db.prepare('INSERT INTO recipients (task_id, position, phone_number) VALUES (?, ?, ?)').run(lastInsertRowid, i, n));
}

let t: TestPhonebook | undefined;
afterEach(() => {
  t?.cleanup();
  t = undefined;
});

describe('recent numbers', () => {
  it('lists the latest distinct numbers sent to, newest first, up to the limit', () => {
    const db = historyDb();
    addTask(db, 1000, ['861011111111', '862022222222']);
    addTask(db, 3000, ['12125550123', '861011111111']);
    addTask(db, 2000, ['442079460018']);
    expect(queryRecentNumbers(db, 10)).toEqual([
      { number: '12125550123', lastUsedAt: 3000 },
      { number: '861011111111', lastUsedAt: 3000 },
      { number: '442079460018', lastUsedAt: 2000 },
      { number: '862022222222', lastUsedAt: 1000 },
    ]);
    expect(queryRecentNumbers(db, 2).map((r) => r.number)).toEqual(['12125550123', '861011111111']);
    db.close();
  });

  it('comes only from tasks the service created, in the profile in use', () => {
    const db = historyDb();
    addTask(db, 1000, ['861011111111'], { profile: 'account:a' });
    addTask(db, 2000, ['862022222222'], { profile: 'account:a', state: 'failed' });
    addTask(db, 3000, ['863033333333'], { profile: 'account:a', state: 'outcome_unknown' });
    addTask(db, 4000, ['864044444444'], { profile: 'demo' });
    expect(queryRecentNumbers(db, 10, 'account:a').map((r) => r.number)).toEqual(['861011111111']);
    expect(queryRecentNumbers(db, 10, 'demo').map((r) => r.number)).toEqual(['864044444444']);
    db.close();
  });

  it('names the numbers that are in the phonebook, and is empty without a history', async () => {
    const db = historyDb();
    addTask(db, 5, ['8613812345678', '12125550123']);
    const base = makePhonebook();
    base.phonebook.close();
    const phonebook = createPhonebookService({ dataDir: base.dir, defaultCountry: () => 'CN', recentUses: (limit) => queryRecentNumbers(db, limit), grants: base.grants, dialogs: base.dialogs });
    t = { ...base, phonebook };
    phonebook.store.saveContact({ name: 'Li', fax: '138 1234 5678', company: null, note: null }, 'CN');
    expect(await phonebook.recentNumbers(5)).toEqual([
      { number: '8613812345678', lastUsedAt: 5, contactName: 'Li' },
      { number: '12125550123', lastUsedAt: 5, contactName: null },
    ]);
    const none = makePhonebook();
    expect(await none.phonebook.recentNumbers(5)).toEqual([]);
    none.cleanup();
    db.close();
  });

  it('asks the real task history, as sends are recorded', async () => {
    const base = makePhonebook();
    base.phonebook.close();
    let clock = 1_000;
    const history = openHistory(`${base.dir}/history.sqlite`, { now: () => clock });
    const phonebook = createPhonebookService({
      dataDir: base.dir,
      defaultCountry: () => 'CN',
      recentUses: (limit) => history.recentNumbers(limit),
      grants: base.grants,
      dialogs: base.dialogs,
    });
    t = { ...base, phonebook };
    try {
      expect(await phonebook.recentNumbers(5)).toEqual([]);
      const created = (taskId: number, ref: string, at: string, numbers: string[]) =>
        history.recordCreated(taskId, {
          task_ref: ref,
          name: ref,
          status: 'pending',
          scheduled_at: null,
          created_at: at,
          recipients: numbers.map((n, i) => ({ rcpt_ref: `${ref}_${i}`, phone_number: n })),
        });
      const a = history.recordSend({ name: 'a', files: [], parts: [{ name: 'a', phoneNumbers: ['8613812345678', '861088881234'] }] });
      created(a.taskIds[0]!, 'A', '2026-01-01 00:00:01', ['8613812345678', '861088881234']);
      clock = 2_000;
      const b = history.recordSend({ name: 'b', files: [], parts: [{ name: 'b', phoneNumbers: ['12125550123', '8613812345678'] }] });
      created(b.taskIds[0]!, 'B', '2026-01-01 00:00:02', ['12125550123', '8613812345678']);
      // refused by the service: nothing was sent to this number
      const c = history.recordSend({ name: 'c', files: [], parts: [{ name: 'c', phoneNumbers: ['447700900123'] }] });
      history.markCreateFailed(c.taskIds[0]!, 'refused');
      const recent = await phonebook.recentNumbers(10);
      expect(recent.map((r) => r.number)).toEqual(['12125550123', '8613812345678', '861088881234']);
    } finally {
      history.close();
    }
  });
});
