/**
 * A desk's local task ids are only unique within one history: a history set
 * aside at start (a damaged file moved away, a fresh one started) begins them
 * again. Its new tasks must become new rows in the office database, never
 * overwrite the old tasks' rows; the queue's marks and documents of the old
 * history are never read as the new one's; and an existing desk's rows keep
 * their keys across the upgrade (nothing doubled). Real PostgreSQL, real
 * SQLite files, a real set-aside through main's start-up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '@main/credentials/secret-store';
import { dispatch } from '@main/ipc/dispatch';
import { createOfficePasswords } from '@main/office/office-passwords';
import { openOutboxQueue } from '@main/office/outbox-queue';
import { q001 } from '@main/office/queue-migrations/001-queue';
import { runMigrations } from '@main/storage/sqlite';
import type { OfficeView } from '@shared/office/types';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/index';
import { OFFICE_DB, OWNER } from '../../helpers/postgres';
import { makeTestServices, type TestServices } from '../../helpers/services';
import { tempDirs } from '../../helpers/temp-dirs';
import { record, task } from '../history/helpers';
import { until } from '../../helpers/until';
import { officeTestRig } from '../../helpers/office-rig';

const tmp = tempDirs('faxdesk-office-epochs-');

describe('the office queue and the history it follows', () => {
  it('an existing queue keeps its marks and documents under the history it had; a history started afresh gets its own epoch', () => {
    const file = path.join(tmp(), 'office-queue.sqlite');
    // a queue written by the build before epochs: one pending mark, one send's documents
    const v1 = new Database(file);
    runMigrations(v1, [q001], { tooNew: () => new Error('too new') });
    v1.prepare("INSERT INTO desk (id, desk_id) VALUES (1, 'desk-a')").run();
    v1.prepare('INSERT INTO pending (task_id, seq) VALUES (3, 1)').run();
    v1.prepare(`INSERT INTO send_documents (send_id, documents, fingerprint) VALUES (2, '[{"name":"old.pdf","pages":1,"size":10,"sha256":null}]', 'fp-old')`).run();
    v1.close();

    const upgraded = openOutboxQueue(file, { name: 'history.sqlite', fresh: false });
    // the history the outbox started with keeps the keys its rows were written with
    expect(upgraded.epoch).toBe('');
    expect(upgraded.deskId).toBe('desk-a');
    expect(upgraded.next(10)).toEqual([{ taskId: 3, seq: 1 }]);
    expect(upgraded.sendDocuments(2)?.fingerprint).toBe('fp-old');
    upgraded.close();

    // the history was set aside and started afresh: its task 3 and send 2 are other tasks
    const fresh = openOutboxQueue(file, { name: 'history.sqlite', fresh: true });
    expect(fresh.epoch).toMatch(/^[0-9a-f]{12}$/);
    expect(fresh.droppedMarks).toBe(1);
    expect(fresh.next(10)).toEqual([]);
    expect(fresh.pendingCount()).toBe(0);
    expect(fresh.sendDocuments(2)).toBeNull();
    fresh.mark([1]);
    const epoch = fresh.epoch;
    fresh.close();

    // the next start finds the same epoch and its marks
    const again = openOutboxQueue(file, { name: 'history.sqlite', fresh: false });
    expect(again.epoch).toBe(epoch);
    expect(again.next(10).map((m) => m.taskId)).toEqual([1]);
    again.close();

    // a history kept in memory begins its ids at every start: a new epoch each time
    const m1 = openOutboxQueue(file, { name: ':memory:', fresh: false });
    const e1 = m1.epoch;
    m1.close();
    const m2 = openOutboxQueue(file, { name: ':memory:', fresh: false });
    expect(m2.epoch).not.toBe(e1);
    expect(m2.epoch).not.toBe('');
    m2.close();
  });
});

const office = officeTestRig({ dropSchema: true });
const { missing, open } = office;

async function officeTasks(): Promise<Record<string, unknown>[]> {
  const c = await office.pg.admin();
  try {
    return (await c.query('SELECT * FROM faxdesk_tasks ORDER BY created_at_ms, intent_id')).rows;
  } catch {
    return [];
  } finally {
    await c.end();
  }
}

describe.skipIf(missing)('a history set aside at start, with an office database', () => {
  it('the fresh history’s tasks are new office rows; the old tasks’ rows stay as they were; nothing doubled', async () => {
    const sim: RunningSimulator = await startSimulator({ speed: 200, balance: 1000 });
    open.push(() => sim.stop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-office-epochs-data-'));
    open.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const secrets = createMemorySecretStore();
    const officePasswords = createOfficePasswords({ service: 'FaxDesk-test', kind: 'memory' });
    const run = async (): Promise<TestServices> => {
      const t = await makeTestServices({ dataDir }, { secretStore: secrets, officePasswords, officeRetryMs: { first: 50, max: 200 } });
      open.push(() => t.cleanup());
      return t;
    };
    const sendAndCreate = (t: TestServices, name: string, taskRef: string, number: string) => {
      const doc = path.join(dataDir, `${name}.pdf`);
      fs.writeFileSync(doc, `%PDF-1.4 ${name}`);
      const { taskIds } = t.services.history.recordSend({
        name,
        files: [{ path: doc, name: `${name}.pdf`, size: fs.statSync(doc).size, pages: 1, fileRef: `f-${name}` }],
        parts: [{ name, phoneNumbers: [number] }],
      });
      t.services.history.recordCreated(taskIds[0]!, task(taskRef, 'pending', [record(`R-${taskRef}`, number, 'pending')], { name }));
      return taskIds[0]!;
    };

    const first = await run();
    const saved = await dispatch(first.services.handlers, 'saveOffice', {
      fields: { host: '127.0.0.1', port: office.pg.port, database: OFFICE_DB, user: OWNER.user, tls: false, allowPlain: false, displayName: 'Li Na' },
      password: OWNER.password,
      caFile: 'none',
    });
    expect(saved.ok).toBe(true);
    expect((await dispatch(first.services.handlers, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret })).ok).toBe(true);
    expect(sendAndCreate(first, 'Contract', 'T-OLD-1', '+8613800000001')).toBe(1);
    expect(sendAndCreate(first, 'Invoice', 'T-OLD-2', '+8613800000002')).toBe(2);
    const before = await until('the two tasks in the office database', async () => {
      const r = await officeTasks();
      return r.filter((x) => x.task_ref).length === 2 ? r : null;
    });
    await first.services.close();

    // the history file is damaged: the next start sets it aside and begins a fresh one
    fs.writeFileSync(path.join(dataDir, 'history.sqlite'), 'not a database any more '.repeat(200));
    const second = await run();
    expect(second.logLines.join('\n')).toMatch(/history: damaged file kept at/);
    await until('online again', async () => {
      const r = await dispatch(second.services.handlers, 'getOffice', undefined);
      return r.ok && (r.value as OfficeView).status.state === 'online';
    });
    // the fresh history's first task has local id 1 again
    expect(sendAndCreate(second, 'Letter', 'T-NEW-1', '+8613800000003')).toBe(1);
    const after = await until('the new task in the office database', async () => {
      const r = await officeTasks();
      return r.some((x) => x.task_ref === 'T-NEW-1') ? r : null;
    });
    expect(after.map((x) => [x.task_ref, x.name]).sort()).toEqual([
      ['T-NEW-1', 'Letter'],
      ['T-OLD-1', 'Contract'],
      ['T-OLD-2', 'Invoice'],
    ]);
    // the old rows are untouched (same keys, same documents); the new one has a key of its own
    for (const old of before) {
      const now = after.find((x) => x.intent_id === old.intent_id)!;
      expect(now).toMatchObject({ task_ref: old.task_ref, name: old.name, documents: old.documents });
    }
    const fresh = after.find((x) => x.task_ref === 'T-NEW-1')!;
    expect(before.map((x) => x.intent_id)).not.toContain(fresh.intent_id);
    expect((fresh.documents as { name: string }[]).map((d) => d.name)).toEqual(['Letter.pdf']);
    expect(new Set(after.map((x) => x.desk_id)).size).toBe(1);
  });
});
