import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistory, type History } from '@main/history';
import { record, task, tempDir } from './helpers';

const T0 = Date.UTC(2026, 4, 1, 2, 0, 0); // 2026-05-01 10:00:00 in Asia/Shanghai
let clock = T0;
let tmp: ReturnType<typeof tempDir>;
let file: string;
let history: History;

beforeEach(() => {
  clock = T0;
  tmp = tempDir();
  file = path.join(tmp.dir, 'history.db');
  history = openHistory(file, { serviceTimeZone: 'Asia/Shanghai', now: () => clock });
});
afterEach(() => {
  history.close();
  tmp.cleanup();
});

const files = [{ path: '/docs/a.pdf', name: 'a.pdf', size: 1234, pages: 2, fileRef: 'f_1', uploadedAtMs: T0 }];

describe('recording a send', () => {
  it('records the intent before the service answers, then links task and recipient refs', () => {
    const { sendId, taskIds } = history.recordSend({ name: 'Invoices', files, parts: [{ name: 'Invoices', phoneNumbers: ['8613812345678', '861088881234'] }] });
    const [taskId] = taskIds;
    let t = history.getTaskById(taskId!)!;
    expect(t).toMatchObject({ taskRef: null, status: 'creating', createState: 'creating', sendId, name: 'Invoices' });
    expect(t.recipients.map((r) => [r.phoneNumber, r.rcptRef])).toEqual([['8613812345678', null], ['861088881234', null]]);
    expect(t.send).toMatchObject({ outcome: 'pending', files });

    const changes = history.recordCreated(taskId!, {
      task_ref: 'T1', name: 'Invoices', status: 'pending', scheduled_at: null, created_at: '2026-05-01 10:00:01',
      recipients: [{ rcpt_ref: 'R2', phone_number: '861088881234' }, { rcpt_ref: 'R1', phone_number: '8613812345678' }],
    });
    expect(changes).toMatchObject({ taskRef: 'T1', inserted: false, status: { from: null, to: 'pending' } });
    t = history.getTask('T1')!;
    expect(t).toMatchObject({ id: taskId, status: 'pending', createState: 'created', createdAtMs: T0 + 1000, lastCheckedAtMs: T0 });
    expect(t.recipients.map((r) => [r.position, r.phoneNumber, r.rcptRef, r.status])).toEqual([
      [0, '8613812345678', 'R1', 'pending'],
      [1, '861088881234', 'R2', 'pending'],
    ]);
    expect(t.send?.outcome).toBe('created');
  });

  it('keeps a send whose outcome is unknown, with its numbers, and never polls it', () => {
    const { taskIds } = history.recordSend({ name: 'Maybe', files, parts: [{ name: 'Maybe', phoneNumbers: ['8613812345678'] }] });
    history.markOutcomeUnknown(taskIds[0]!, 'The service did not answer in time.');
    const t = history.getTaskById(taskIds[0]!)!;
    expect(t).toMatchObject({ status: 'outcome_unknown', error: 'The service did not answer in time.' });
    expect(t.send).toMatchObject({ outcome: 'outcome_unknown', error: 'The service did not answer in time.' });
    expect(history.listTasks({ status: 'outcome_unknown' }).map((x) => x.id)).toEqual(taskIds);
    expect(history.listTasks({ text: '13812345' }).map((x) => x.id)).toEqual(taskIds);
    expect(history.tasksToPoll(T0)).toEqual([]);
  });

  it('a crash between request and answer leaves the send as outcome unknown on the next start', () => {
    const { sendId, taskIds } = history.recordSend({
      name: 'Big', files, parts: [{ name: 'Big (1/2)', phoneNumbers: ['8613812345678'] }, { name: 'Big (2/2)', phoneNumbers: ['8613912345678'] }],
    });
    history.recordCreated(taskIds[0]!, { task_ref: 'T1', name: 'Big (1/2)', status: 'pending', scheduled_at: null, created_at: '2026-05-01 10:00:00', recipients: [{ rcpt_ref: 'R1', phone_number: '8613812345678' }] });
    history.close(); // the process dies while the second create is in flight
    history = openHistory(file, { serviceTimeZone: 'Asia/Shanghai', now: () => clock });
    expect(history.getTaskById(taskIds[1]!)).toMatchObject({ status: 'outcome_unknown' });
    expect(history.getTaskById(taskIds[0]!)).toMatchObject({ status: 'pending', taskRef: 'T1', sendId });
    expect(history.getTaskById(taskIds[0]!)!.send?.outcome).toBe('outcome_unknown');
  });

  it('a refused part makes the send partial', () => {
    const { taskIds } = history.recordSend({ name: 'P', files, parts: [{ name: 'P (1/2)', phoneNumbers: ['8613812345678'] }, { name: 'P (2/2)', phoneNumbers: ['8613912345678'] }] });
    history.recordCreated(taskIds[0]!, { task_ref: 'T1', name: 'P (1/2)', status: 'pending', scheduled_at: null, created_at: '2026-05-01 10:00:00', recipients: [{ rcpt_ref: 'R1', phone_number: '8613812345678' }] });
    history.markCreateFailed(taskIds[1]!, 'Insufficient balance');
    expect(history.getTaskById(taskIds[1]!)).toMatchObject({ status: 'create_failed', error: 'Insufficient balance' });
    expect(history.getTaskById(taskIds[0]!)!.send?.outcome).toBe('partial');
  });
});

describe('applying task responses', () => {
  it('stores every recipient field and reports transitions once', () => {
    history.addTrackedTaskRef('T9');
    let c = history.applyTaskResponse(task('T9', 'sending', [record('a', '8613812345678', 'sending'), record('b', '8613912345678', 'pending')]));
    expect(c).toMatchObject({ inserted: false, status: { from: null, to: 'sending' }, becameTerminal: false, recipientsChanged: 2, newlyFailed: [], newlySucceeded: [] });

    clock += 60_000;
    c = history.applyTaskResponse(task('T9', 'completed', [record('a', '8613812345678', 'success'), record('b', '8613912345678', 'failed')]));
    expect(c.status).toEqual({ from: 'sending', to: 'done' });
    expect(c.becameTerminal).toBe(true);
    expect(c.newlySucceeded.map((r) => r.rcptRef)).toEqual(['a']);
    expect(c.newlyFailed).toEqual([{ rcptRef: 'b', phoneNumber: '8613912345678', from: 'pending', to: 'failed', failedCode: 'BUSY', failedReason: 'Line busy' }]);
    expect(c.counts).toEqual({ total: 2, success: 1, failed: 1, pending: 0, canceled: 0, pages: 2, charges: 0.2 });

    // the same answer again changes nothing and notifies nothing
    c = history.applyTaskResponse(task('T9', 'done', [record('a', '8613812345678', 'success'), record('b', '8613912345678', 'failed')]));
    expect(c).toMatchObject({ status: null, becameTerminal: false, recipientsChanged: 0, newlyFailed: [], newlySucceeded: [] });

    const b = history.getTask('T9')!.recipients[1]!;
    expect(b).toMatchObject({ rcptRef: 'b', status: 'failed', unitPrice: 0.1, pageCount: 0, chargedAmount: 0, failedCode: 'BUSY', failedReason: 'Line busy', completedAt: '2026-05-01 10:05:00', completedAtMs: T0 + 300_000, createdAt: '2026-05-01 10:00:00' });
  });

  it('inserts a task it has never seen as added by reference', () => {
    const c = history.applyTaskResponse(task('X1', 'pending', [record('x', '12125550123', 'pending')]));
    expect(c.inserted).toBe(true);
    expect(history.getTask('X1')).toMatchObject({ source: 'added_by_ref', name: 'Task X1', sendId: null });
  });

  it('accepts plain objects with optional fields missing, as a tolerant reader', () => {
    const c = history.applyTaskResponse({
      task_ref: 'L1', name: 'Loose', status: 'done', scheduled_at: null, created_at: 'not a time',
      recipients: [{ rcpt_ref: 'l', phone_number: '8613812345678', status: 'Cancelled', created_at: '2026-05-01 10:00:00' }],
    });
    expect(c.counts).toMatchObject({ total: 1, canceled: 1, pages: 0, charges: 0 });
    expect(history.getTask('L1')).toMatchObject({ createdAt: 'not a time', createdAtMs: T0, recipients: [expect.objectContaining({ status: 'canceled', failedCode: null, unitPrice: null })] });
  });

  it('keeps unknown states raw and keeps polling them', () => {
    history.applyTaskResponse(task('U1', 'paused', [record('u', '12125550123', 'queued')]));
    expect(history.getTask('U1')).toMatchObject({ status: 'paused', counts: { pending: 1 } });
    expect(history.tasksToPoll(T0).map((p) => p.taskRef)).toEqual(['U1']);
  });

  it('rejects a malformed reference and does not duplicate a tracked one', () => {
    expect(() => history.addTrackedTaskRef('bad ref!')).toThrow(/letters, digits/);
    expect(history.addTrackedTaskRef('T1')).toMatchObject({ inserted: true });
    expect(history.addTrackedTaskRef(' T1 ')).toMatchObject({ inserted: false });
    expect(history.getTask('T1')).toMatchObject({ status: 'unchecked', source: 'added_by_ref' });
  });

  it('links a resend to its original', () => {
    history.applyTaskResponse(task('O1', 'done', [record('o', '8613812345678', 'failed')]));
    history.applyTaskResponse(task('N1', 'pending', [record('n', '8613812345678', 'pending')]));
    expect(history.linkResend('N1', 'O1')).toBe(true);
    expect(history.getTask('N1')?.resendOf).toBe('O1');
    expect(history.linkResend('missing', 'O1')).toBe(false);
  });
});

describe('polling schedule', () => {
  it('lists only unfinished tasks, each due per the spec cadence', () => {
    history.applyTaskResponse(task('P', 'pending', [record('p', '8613812345678', 'pending')]));
    history.applyTaskResponse(task('S', 'sending', [record('s', '8613812345678', 'sending')]));
    history.applyTaskResponse(task('F', 'pending', [record('f', '8613812345678', 'pending')], { scheduled_at: '2026-05-02 10:00:00' }));
    history.applyTaskResponse(task('D', 'done', [record('d', '8613812345678', 'success')]));
    history.applyTaskResponse(task('X', 'failed', [record('x', '8613812345678', 'failed')]));
    history.addTrackedTaskRef('NEW');
    expect(history.tasksToPoll(T0).map((p) => [p.taskRef, p.dueAtMs - T0])).toEqual([
      ['NEW', 0],
      ['P', 30_000],
      ['S', 60_000],
      ['F', 86_400_000],
    ]);
  });
});

describe('listing and searching', () => {
  beforeEach(() => {
    for (let i = 0; i < 30; i += 1) {
      clock = T0 + i * 3_600_000;
      const hh = String(10 + (i % 14)).padStart(2, '0');
      const day = String(1 + Math.floor(i / 14)).padStart(2, '0');
      const status = i % 3 === 0 ? 'done' : i % 3 === 1 ? 'sending' : 'failed';
      history.applyTaskResponse(
        task(`T${i}`, status, [record(`r${i}a`, `86138${String(i).padStart(8, '0')}`, i % 3 === 2 ? 'failed' : 'success'), record(`r${i}b`, '12125550123', 'success')], {
          name: i % 5 === 0 ? `Invoice ${i} 发票` : `Report ${i}`,
          created_at: `2026-05-${day} ${hh}:00:00`,
        }),
      );
    }
  });

  it('filters by status and date range, newest first, with counts', () => {
    const sending = history.listTasks({ status: 'sending' });
    expect(sending.every((t) => t.status === 'sending')).toBe(true);
    expect(sending).toHaveLength(10);
    expect(history.countTasks({ status: ['sending', 'failed'] })).toBe(20);
    const all = history.listTasks({ limit: 1000 });
    expect(all.map((t) => t.createdAtMs)).toEqual([...all.map((t) => t.createdAtMs)].sort((a, b) => b - a));
    const from = Date.UTC(2026, 4, 2, 0, 0, 0);
    expect(history.listTasks({ from, limit: 1000 }).every((t) => t.createdAtMs >= from)).toBe(true);
    expect(history.countTasks({ from }) + history.countTasks({ to: from })).toBe(30);
  });

  it('finds tasks by part of the name or of a number, typed any way', () => {
    expect(history.listTasks({ text: 'invoice', sort: { by: 'name', dir: 'asc' } }).map((t) => t.taskRef)).toEqual(['T0', 'T10', 'T15', 'T20', 'T25', 'T5']);
    expect(history.countTasks({ text: '发票' })).toBe(6); // two characters: the scan fallback
    expect(history.listTasks({ text: '+86 138 0000 0007' }).map((t) => t.taskRef)).toEqual(['T7']);
    expect(history.listTasks({ text: '00000012' }).map((t) => t.taskRef)).toEqual(['T12']);
    expect(history.countTasks({ text: '555-0123' })).toBe(30);
    expect(history.countTasks({ text: '12' })).toBeGreaterThan(0);
    expect(history.countTasks({ text: '"; DROP TABLE tasks; --' })).toBe(0);
    expect(history.countTasks({ text: '100%_' })).toBe(0);
  });

  it('sorts by any column and pages', () => {
    const byFailed = history.listTasks({ sort: { by: 'failed', dir: 'desc' }, limit: 10 });
    expect(byFailed.every((t) => t.counts.failed === 1)).toBe(true);
    const page1 = history.listTasks({ limit: 10, offset: 0 });
    const page2 = history.listTasks({ limit: 10, offset: 10 });
    expect(new Set([...page1, ...page2].map((t) => t.id)).size).toBe(20);
  });

  it('groups failures since a date by code, retryable first', () => {
    history.applyTaskResponse(task('E1', 'done', [
      record('e1', '8613812340001', 'failed', { failed_code: 'INVALID_NUMBER', failed_reason: 'Not a fax line' }),
      record('e2', '8613812340002', 'failed', { failed_code: 'INVALID_NUMBER', failed_reason: 'Not a fax line' }),
      record('e3', '8613812340003', 'failed', { failed_code: 'INVALID_NUMBER', failed_reason: 'Not a fax line' }),
      record('e4', '8613812340004', 'failed', { failed_code: 'NO_ANSWER', failed_reason: 'No answer' }),
    ], { created_at: '2026-05-03 10:00:00' }));
    const groups = history.failuresSince(T0);
    expect(groups.map((g) => [g.code, g.retryable, g.recipients])).toEqual([
      ['BUSY', true, 10],
      ['NO_ANSWER', true, 1],
      ['INVALID_NUMBER', false, 3],
    ]);
    expect(groups[0]!.tasks).toBe(10);
    expect(history.failuresSince(T0 + 30 * 86_400_000)).toEqual([]);
    const retryable = history.failedRecipientsSince(T0, { retryableOnly: true });
    expect(retryable).toHaveLength(11);
    expect(history.failedRecipientsSince(T0, { codes: ['NO_ANSWER'] })).toEqual([
      expect.objectContaining({ taskRef: 'E1', rcptRef: 'e4', phoneNumber: '8613812340004', failedReason: 'No answer' }),
    ]);
  });
});

describe('the database file', () => {
  it('uses WAL and foreign keys, and deleting a send removes its tasks and recipients', () => {
    history.recordSend({ name: 'X', files, parts: [{ name: 'X', phoneNumbers: ['8613812345678'] }] });
    history.close();
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.prepare('DELETE FROM sends').run();
    expect(db.prepare('SELECT count(*) AS n FROM recipients').get()).toEqual({ n: 0 });
    db.close();
    history = openHistory(file);
  });
});
