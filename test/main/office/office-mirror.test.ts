/**
 * Every task this desk creates reaches the office database — the intent
 * first, then the service's record and each recipient's progress — as one
 * row per task however often it is written; documents only as name, pages,
 * size and SHA-256. With the server away the desk sends on, says since when
 * the office is offline, and replays in order when it is back. Demo tasks
 * never reach it. Real PostgreSQL, real SQLite history and queue.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openHistory, type History } from '@main/history/history';
import { openOffice, type OfficeTarget } from '@main/office/office-connection';
import { createOfficeMirror, type OfficeMirror, type OfficeStatus } from '@main/office/office-mirror';
import { openOutboxQueue, type OutboxQueue } from '@main/office/outbox-queue';
import { dropOfficeSchema, OFFICE_DB, OWNER, postgresMissing, startPostgres, type RunningPostgres } from '../../helpers/postgres';
import { tempDirs } from '../../helpers/temp-dirs';
import { settledWithin } from '../../helpers/until';
import { record, task } from '../history/helpers';

const missing = postgresMissing();
let pgServer: RunningPostgres;
beforeAll(async () => {
  if (!missing) pgServer = await startPostgres();
});
afterAll(async () => {
  await pgServer?.stop();
});

const tmp = tempDirs('faxdesk-office-mirror-');
const open: { history: History; queue: OutboxQueue; mirror: OfficeMirror }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.mirror.stop();
    o.queue.close();
    o.history.close();
  }
  const c = await pgServer.admin();
  try {
    await dropOfficeSchema(c);
  } finally {
    await c.end();
  }
});

const target = (): OfficeTarget => ({ host: '127.0.0.1', port: pgServer.port, database: OFFICE_DB, user: OWNER.user, password: OWNER.password, tls: false, allowPlain: false });

function desk(profile = 'acct-1', retryMs = { first: 50, max: 200 }) {
  const dir = tmp();
  const history = openHistory(path.join(dir, 'history.sqlite'), { profile: () => profile });
  const queue = openOutboxQueue(path.join(dir, 'office-queue.sqlite'));
  const statuses: OfficeStatus[] = [];
  const mirror = createOfficeMirror({
    queue,
    history,
    desk: () => ({ displayName: 'Li Na', computerName: 'RECEPTION-PC' }),
    connect: () => openOffice(target(), { appliedBy: 'RECEPTION-PC' }),
    server: target(),
    onStatus: (s) => void statuses.push(s),
    retryMs,
  });
  open.push({ history, queue, mirror });
  const doc = path.join(dir, 'contract.pdf');
  fs.writeFileSync(doc, '%PDF-1.4 contract for the office');
  return { dir, history: mirror.wrap(history), queue, mirror, statuses, doc };
}

function intent(doc: string, numbers: string[], extra: { resendOf?: string } = {}) {
  return {
    name: 'Contract',
    files: [{ path: doc, name: 'contract.pdf', size: fs.statSync(doc).size, pages: 2, fileRef: 'f-1' }],
    parts: [{ name: 'Contract', phoneNumbers: numbers }],
    fingerprint: 'fp-contract-1',
    ...extra,
  };
}

async function officeRows(): Promise<{ tasks: Record<string, unknown>[]; recipients: Record<string, unknown>[] }> {
  const c = await pgServer.admin();
  try {
    const tasks = (await c.query('SELECT * FROM faxdesk_tasks ORDER BY created_at_ms, intent_id')).rows;
    const recipients = (await c.query('SELECT * FROM faxdesk_recipients ORDER BY intent_id, position')).rows;
    return { tasks, recipients };
  } finally {
    await c.end();
  }
}

describe.skipIf(missing)('office outbox mirroring', () => {
  it('writes the intent before the create, then the service’s record and progress, as one row per task', async () => {
    const d = desk();
    const sent = d.history.recordSend(intent(d.doc, ['+8613800000001', '+8613800000666']));
    await d.mirror.flush();
    let rows = await officeRows();
    expect(rows.tasks).toHaveLength(1);
    expect(rows.tasks[0]).toMatchObject({
      intent_id: `${d.queue.deskId}:${sent.taskIds[0]}`,
      task_ref: null,
      create_state: 'creating',
      sender_name: 'Li Na',
      computer_name: 'RECEPTION-PC',
      kind: 'send',
      fingerprint: 'fp-contract-1',
      recipient_count: 2,
    });
    const sha = createHash('sha256').update(fs.readFileSync(d.doc)).digest('hex');
    // the file_ref, so another desk of the account can resend the fax (the spec has no other way); never a local path
    expect(rows.tasks[0]!.documents).toEqual([{ name: 'contract.pdf', pages: 2, size: fs.statSync(d.doc).size, sha256: sha, fileRef: 'f-1' }]);
    expect(JSON.stringify(rows.tasks[0])).not.toContain(d.dir);
    expect(rows.recipients.map((r) => r.phone_number)).toEqual(['+8613800000001', '+8613800000666']);

    d.history.recordCreated(sent.taskIds[0]!, task('T-100', 'pending', [record('R-1', '+8613800000001', 'pending'), record('R-2', '+8613800000666', 'pending')]));
    d.history.applyTaskResponse(task('T-100', 'done', [record('R-1', '+8613800000001', 'success'), record('R-2', '+8613800000666', 'failed')]));
    await d.mirror.flush();
    rows = await officeRows();
    expect(rows.tasks).toHaveLength(1);
    expect(rows.tasks[0]).toMatchObject({ task_ref: 'T-100', create_state: 'created', status: 'done', success_count: 1, failed_count: 1 });
    expect(Number(rows.tasks[0]!.charges)).toBeCloseTo(0.2);
    expect(rows.recipients.map((r) => [r.rcpt_ref, r.status, r.failed_code])).toEqual([
      ['R-1', 'success', null],
      ['R-2', 'failed', 'BUSY'],
    ]);
    expect(d.mirror.status()).toMatchObject({ state: 'online', pending: 0, offlineSinceMs: null });
  });

  it('writing the same tasks again (a replay, a re-sync) never doubles a row', async () => {
    const d = desk();
    const sent = d.history.recordSend(intent(d.doc, ['+8613800000001', '+8613800000002']));
    d.history.recordCreated(sent.taskIds[0]!, task('T-200', 'pending', [record('R-1', '+8613800000001', 'pending'), record('R-2', '+8613800000002', 'pending')]));
    await d.mirror.flush();
    d.mirror.touched(sent.taskIds);
    await d.mirror.flush();
    d.mirror.touched(sent.taskIds);
    await d.mirror.flush();
    const rows = await officeRows();
    expect(rows.tasks).toHaveLength(1);
    expect(rows.recipients).toHaveLength(2);
  });

  it('a resend is recorded as a resend of the original', async () => {
    const d = desk();
    const first = d.history.recordSend(intent(d.doc, ['+8613800000666']));
    d.history.recordCreated(first.taskIds[0]!, task('T-300', 'failed', [record('R-1', '+8613800000666', 'failed')]));
    const again = d.history.recordSend(intent(d.doc, ['+8613800000666'], { resendOf: 'T-300' }));
    d.history.recordCreated(again.taskIds[0]!, task('T-301', 'pending', [record('R-2', '+8613800000666', 'pending')]));
    await d.mirror.flush();
    const rows = await officeRows();
    expect(rows.tasks.map((t) => [t.task_ref, t.kind, t.resend_of])).toEqual([
      ['T-300', 'send', null],
      ['T-301', 'resend', 'T-300'],
    ]);
  });

  it('a document no longer a plain file of at most 10 MB by then is recorded without its digest, and the drain goes on', async () => {
    const d = desk();
    const other = path.join(d.dir, 'salaries.pdf');
    fs.writeFileSync(other, '%PDF-1.4 salaries');
    const pipe = path.join(d.dir, 'pipe.pdf');
    const link = path.join(d.dir, 'link.pdf');
    const grown = path.join(d.dir, 'grown.pdf');
    const kept = path.join(d.dir, 'kept.pdf');
    for (const f of [pipe, link, grown, kept]) fs.writeFileSync(f, `%PDF-1.4 ${path.basename(f)}`);
    const sends = [pipe, link, grown, kept].map((f, i) => d.history.recordSend({ ...intent(f, [`+861380000010${i}`]), fingerprint: `fp-${i}` }));
    // between the send and the drain: a named pipe, a link to another file and a file grown past 10 MB take the documents' places
    fs.rmSync(pipe);
    execFileSync('mkfifo', [pipe]);
    fs.rmSync(link);
    fs.symlinkSync(other, link);
    fs.truncateSync(grown, 10 * 1024 * 1024 + 1);
    expect(await settledWithin(d.mirror.flush().then(() => 'drained'))).toBe('drained');
    const rows = await officeRows();
    const byFingerprint = Object.fromEntries(rows.tasks.map((t) => [t.fingerprint, (t.documents as { sha256: string | null }[])[0]!.sha256]));
    expect(byFingerprint).toEqual({ 'fp-0': null, 'fp-1': null, 'fp-2': null, 'fp-3': createHash('sha256').update(fs.readFileSync(kept)).digest('hex') });
    expect(sends).toHaveLength(4);
  });

  it('demo tasks never reach the office database', async () => {
    const d = desk('demo');
    const sent = d.history.recordSend(intent(d.doc, ['+8613800000001']));
    d.history.recordCreated(sent.taskIds[0]!, task('T-DEMO', 'pending', [record('R-1', '+8613800000001', 'pending')]));
    await d.mirror.flush();
    expect((await officeRows()).tasks).toEqual([]);
    expect(d.mirror.status().pending).toBe(0);
  });

  it('with the server killed the desk sends on, says since when it is offline, and replays in order when it is back', async () => {
    const d = desk();
    const early = d.history.recordSend(intent(d.doc, ['+8613800000001']));
    await d.mirror.flush();
    expect((await officeRows()).tasks).toHaveLength(1);

    pgServer.kill();
    const t0 = Date.now();
    const created = d.history.recordCreated(early.taskIds[0]!, task('T-400', 'pending', [record('R-1', '+8613800000001', 'pending')]));
    const later = d.history.recordSend(intent(d.doc, ['+8613800000002']));
    d.history.recordCreated(later.taskIds[0]!, task('T-401', 'pending', [record('R-2', '+8613800000002', 'pending')]));
    // the history's writes do not wait for the office server
    expect(Date.now() - t0).toBeLessThan(200);
    expect(created.taskRef).toBe('T-400');
    await d.mirror.flush();
    const offline = d.mirror.status();
    expect(offline.state).toBe('offline');
    expect(offline.offlineSinceMs).toBeGreaterThanOrEqual(t0);
    expect(offline.pending).toBe(2);
    expect(offline.error?.code).toMatch(/^office\.(unreachable|not_postgres|no_answer)$/);
    expect(offline.error?.message).toContain(`127.0.0.1:${pgServer.port}`);

    await pgServer.start();
    // the mirror tries again by itself (growing pause: 50, 100, 200 ms here)
    await expect.poll(() => d.mirror.status().state, { timeout: 10_000, interval: 50 }).toBe('online');
    const rows = await officeRows();
    // T-400's row was written before the kill (with the time of its intent), T-401's only at the replay
    expect(rows.tasks.map((t) => [t.task_ref, t.create_state]).sort()).toEqual([
      ['T-400', 'created'],
      ['T-401', 'created'],
    ]);
    expect(d.mirror.status()).toMatchObject({ pending: 0, offlineSinceMs: null, error: null });
    expect(d.statuses.some((s) => s.state === 'offline')).toBe(true);
  });
});
