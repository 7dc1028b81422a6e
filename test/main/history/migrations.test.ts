import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_VERSION, migrate, openHistory } from '@main/history';
import { tempDir } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let file: string;
beforeEach(() => {
  tmp = tempDir();
  file = path.join(tmp.dir, 'history.db');
});
afterEach(() => tmp.cleanup());

describe('history migrations', () => {
  it('upgrades a version-1 database in place and indexes its existing tasks for search', () => {
    const old = new Database(file);
    expect(migrate(old, 1)).toEqual([1]);
    old.prepare(`INSERT INTO tasks (id, task_ref, source, create_state, name, status, created_at_ms) VALUES (1, 'T1', 'sent', 'created', 'Quarterly invoices', 'done', 1)`).run();
    old.prepare(`INSERT INTO recipients (task_id, position, rcpt_ref, phone_number, status) VALUES (1, 0, 'R1', '8613812345678', 'success')`).run();
    expect(old.pragma('user_version', { simple: true })).toBe(1);
    old.close();

    const history = openHistory(file);
    expect(history.listTasks({ text: 'invoices' }).map((t) => t.taskRef)).toEqual(['T1']);
    expect(history.listTasks({ text: '12345678' }).map((t) => t.taskRef)).toEqual(['T1']);
    history.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').all()).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
    db.close();
  });

  it('gives tasks written before profiles existed to the profile in use at the upgrade, and new ones to theirs', () => {
    const old = new Database(file);
    migrate(old, 2);
    old.prepare(`INSERT INTO tasks (id, task_ref, source, create_state, name, status, created_at_ms) VALUES (1, 'OLD', 'sent', 'created', 'Old', 'done', 1)`).run();
    old.close();

    let profile = 'demo';
    const history = openHistory(file, { profile: () => profile });
    profile = 'account:abc';
    history.addTrackedTaskRef('NEW');
    expect(history.listTasks({ profiles: ['demo'] }).map((t) => t.taskRef)).toEqual(['OLD']);
    expect(history.listTasks({ profiles: ['account:abc'] }).map((t) => t.taskRef)).toEqual(['NEW']);
    expect(history.tasksToPoll(Date.now(), ['demo']).map((t) => t.taskRef)).toEqual([]);
    expect(history.tasksToPoll(Date.now(), ['account:abc']).map((t) => t.taskRef)).toEqual(['NEW']);
    history.close();
  });

  it('keeps the tasks of a version-3 database, without names, and stores the names of new ones with each number', () => {
    const old = new Database(file);
    migrate(old, 3);
    old.prepare(`INSERT INTO tasks (id, task_ref, source, create_state, name, status, created_at_ms) VALUES (1, 'OLD', 'sent', 'created', 'Old', 'done', 1)`).run();
    old.prepare(`INSERT INTO recipients (task_id, position, rcpt_ref, phone_number, status) VALUES (1, 0, 'R1', '8613812345678', 'success')`).run();
    old.close();

    const history = openHistory(file);
    expect(history.getTask('OLD')!.recipients.map((r) => [r.phoneNumber, r.contactName])).toEqual([['8613812345678', null]]);
    const { taskIds } = history.recordSend({
      name: 'New',
      files: [],
      parts: [{ name: 'New', phoneNumbers: ['8613812345678', '8613800000000'] }],
      contactNames: new Map([['8613812345678', 'Anna Schmidt']]),
    });
    expect(history.getTaskById(taskIds[0]!)!.recipients.map((r) => [r.phoneNumber, r.contactName])).toEqual([
      ['8613812345678', 'Anna Schmidt'],
      ['8613800000000', null],
    ]);
    history.close();
  });

  it('opening an up-to-date database applies nothing', () => {
    openHistory(file).close();
    const db = new Database(file);
    expect(migrate(db)).toEqual([]);
    db.close();
  });

  it('refuses a database written by a newer FaxDesk instead of damaging it', () => {
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    expect(() => openHistory(file)).toThrow(expect.objectContaining({ code: 'history.too_new' }));
  });
});
