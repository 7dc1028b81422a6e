/**
 * Office outbox at office scale (#25), against one throwaway local
 * PostgreSQL (test/helpers/postgres.ts: Debian's server, a temp cluster, a
 * free loopback port; fsync off as in the tests):
 *  - 20 simulated desks, each a real openOffice() pool (at most 2
 *    connections) holding one connection for LISTEN faxdesk_tasks as the
 *    mirror does, write 50 tasks of 100 recipients each through the mirror's
 *    own upsertOfficeTasks, all desks at once, each desk one task after the
 *    other without pause (a burst of 1,000 tasks / 100,000 recipients);
 *  - "a change visible on another desk": from the start of a desk's write to
 *    the NOTIFY arriving at each of the 19 other desks, p95 and median;
 *  - connections per desk: pg_stat_activity read every 250 ms during the
 *    burst, each backend matched to the pool holding it (its process id);
 *  - database size per 10,000 tasks: the three tables with their indexes
 *    after the burst, scaled from 1,000 tasks of 100 recipients;
 *  - the Everyone view's first page (main's listOfficeTasks through a desk's
 *    pool) with 50,000 office tasks: the 1,000 above plus 49,000 inserted by
 *    SQL (task rows only: the list reads the task rows' counts, not the
 *    recipients).
 */
import pg from 'pg';
import { openOffice, type OpenOffice } from '../src/main/office/office-connection';
import { listOfficeTasks } from '../src/main/office/office-views';
import { OFFICE_CHANNEL, upsertOfficeTasks, type Desk, type OfficeTaskRecord } from '../src/main/office/office-records';
import { OFFICE_PAGE_SIZE } from '../src/shared/office/types';
import { OFFICE_DB, OWNER, postgresMissing, startPostgres } from '../test/helpers/postgres';
import { figure, notAvailable, round, type Figure } from './lib/report.mts';

const DESKS = 20;
const TASKS_EACH = 50;
const RECIPIENTS = 100;
const OFFICE_TASKS = 50_000;

function percentile(values: readonly number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

function record(desk: Desk, i: number): OfficeTaskRecord {
  const createdAtMs = Date.now();
  return {
    intentId: `${desk.deskId}:${i + 1}`,
    taskRef: `task_${desk.deskId}_${i}`,
    desk,
    kind: 'send',
    name: `Price list ${i} (${desk.displayName})`,
    createState: 'created',
    status: 'sending',
    resendOf: null,
    documents: [{ name: 'price-list.pdf', pages: 3, size: 184_320, sha256: 'ab'.repeat(32), fileRef: null }],
    fingerprint: `fp-${desk.deskId}-${i}`,
    scheduledAt: null,
    createdAt: new Date(createdAtMs).toISOString(),
    createdAtMs,
    counts: { total: RECIPIENTS, success: 0, failed: 0, pending: RECIPIENTS, canceled: 0, pages: 3, charges: 0 },
    error: null,
    recipients: Array.from({ length: RECIPIENTS }, (_, r) => ({
      position: r,
      phoneNumber: `8613${String(800_000_000 + i * RECIPIENTS + r).padStart(9, '0')}`,
      rcptRef: `rcpt_${desk.deskId}_${i}_${r}`,
      status: 'pending',
      pageCount: null,
      chargedAmount: null,
      failedCode: null,
      failedReason: null,
      completedAt: null,
    })),
  };
}

const processIds = (office: OpenOffice): number[] =>
  ((office.pool as unknown as { _clients?: Array<{ processID?: number }> })._clients ?? []).map((c) => c.processID ?? -1);

export async function officeFigures(runs: number, log: (s: string) => void): Promise<Figure[]> {
  const NAMES = {
    p95: 'office: a change visible on another desk (NOTIFY), p95',
    p50: 'office: a change visible on another desk (NOTIFY), median',
    conns: 'office: database connections per desk, most at any sample',
    size: 'office: database size per 10,000 tasks of 100 recipients',
    list: 'office: Everyone view first page, 50,000 office tasks (listOfficeTasks)',
  };
  const missing = postgresMissing();
  if (missing) {
    return [
      notAvailable(NAMES.p95, 'ms', '< 2000 ms', missing),
      notAvailable(NAMES.conns, 'connections', '≤ 2', missing),
      notAvailable(NAMES.size, 'MB', 'reference', missing),
      notAvailable(NAMES.list, 'ms', '< 200 ms', missing),
    ];
  }
  const server = await startPostgres();
  const offices: Array<{ desk: Desk; office: OpenOffice; listener: pg.PoolClient }> = [];
  const admin = await server.admin();
  try {
    const target = { host: '127.0.0.1', port: server.port, database: OFFICE_DB, user: OWNER.user, password: OWNER.password, tls: false, allowPlain: false };
    const started = new Map<string, number>();
    const latencies: number[] = [];
    for (let d = 0; d < DESKS; d++) {
      const desk: Desk = { deskId: `desk-${String(d).padStart(2, '0')}`, displayName: `Desk ${d}`, computerName: `PC-${d}` };
      const office = await openOffice(target, { appliedBy: desk.computerName });
      const listener = await office.pool.connect();
      listener.on('notification', (n) => {
        const t0 = n.payload ? started.get(n.payload) : undefined;
        if (t0 !== undefined && !n.payload!.startsWith(`${desk.deskId}:`)) latencies.push(performance.now() - t0);
      });
      await listener.query(`LISTEN ${OFFICE_CHANNEL}`);
      offices.push({ desk, office, listener });
    }
    log(`  ${DESKS} desks connected, each listening; writing ${DESKS} × ${TASKS_EACH} tasks × ${RECIPIENTS} recipients`);

    let perDeskMax = 0;
    let totalMax = 0;
    const sample = async () => {
      const r = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'FaxDesk'");
      const pids = new Set(r.rows.map((x) => x.pid));
      totalMax = Math.max(totalMax, pids.size);
      for (const o of offices) perDeskMax = Math.max(perDeskMax, processIds(o.office).filter((p) => pids.has(p)).length);
    };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await sample();
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const t0 = performance.now();
    await Promise.all(
      offices.map(async ({ desk, office }) => {
        for (let i = 0; i < TASKS_EACH; i++) {
          const rec = record(desk, i);
          started.set(rec.intentId, performance.now());
          const client = await office.pool.connect();
          try {
            await upsertOfficeTasks(client, desk, [rec]);
          } finally {
            client.release();
          }
        }
      }),
    );
    const burstSeconds = (performance.now() - t0) / 1000;
    // the last notifications are on their way: wait until every other desk heard every task (or 10 s)
    const expected = DESKS * TASKS_EACH * (DESKS - 1);
    for (let waited = 0; latencies.length < expected && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    sampling = false;
    await sampler;
    await sample();
    log(`  burst: ${DESKS * TASKS_EACH} tasks in ${burstSeconds.toFixed(1)} s; ${latencies.length} of ${expected} notifications heard`);

    const sizes = await admin.query<{ bytes: string; tasks: number }>(
      `SELECT (pg_total_relation_size('faxdesk_tasks') + pg_total_relation_size('faxdesk_recipients') + pg_total_relation_size('faxdesk_desks'))::text AS bytes,
              (SELECT count(*)::int FROM faxdesk_tasks) AS tasks`,
    );
    const bytes = Number(sizes.rows[0]!.bytes);
    const tasks = sizes.rows[0]!.tasks;
    const mbPer10k = (bytes / tasks) * 10_000 / 1024 / 1024;

    // the office's history grows to 50,000 tasks (rows as the mirror writes them, spread over a year)
    await admin.query(
      `INSERT INTO faxdesk_tasks (intent_id, task_ref, desk_id, sender_name, computer_name, kind, name, create_state, status, documents,
              fingerprint, created_at, created_at_ms, recipient_count, success_count, failed_count, pending_count, pages, charges)
       SELECT 'old-' || g || ':' || g, 'task_old_' || g, 'desk-' || lpad((g % ${DESKS})::text, 2, '0'), 'Desk ' || (g % ${DESKS}),
              'PC-' || (g % ${DESKS}), 'send', 'Old fax ' || g, 'created', CASE WHEN g % 20 = 7 THEN 'failed' ELSE 'done' END,
              '[{"name":"old.pdf","pages":2,"size":90000,"sha256":null}]'::jsonb, 'fp-old-' || g,
              to_char(to_timestamp(extract(epoch FROM now()) - g * 630), 'YYYY-MM-DD"T"HH24:MI:SS'),
              ((extract(epoch FROM now()) - g * 630) * 1000)::bigint, 100, 90, 10, 0, 2, 60
         FROM generate_series(1, $1::int) AS g`,
      [OFFICE_TASKS - tasks],
    );
    await admin.query('ANALYZE');
    const reader = offices[1]!;
    const listRuns: number[] = [];
    let shown = 0;
    let total = 0;
    for (let i = 0; i < Math.max(7, runs * 2); i++) {
      const s = performance.now();
      const page = await listOfficeTasks(reader.office.pool, reader.desk.deskId, { offset: 0, limit: OFFICE_PAGE_SIZE });
      listRuns.push(round(performance.now() - s, 2));
      shown = page.rows.length;
      total = page.total;
    }
    log(`  Everyone: ${shown} rows of ${total}`);
    if (total !== OFFICE_TASKS || shown !== OFFICE_PAGE_SIZE) throw new Error(`Everyone listed ${shown} of ${total}, expected ${OFFICE_PAGE_SIZE} of ${OFFICE_TASKS}`);

    const heard = `${latencies.length} of ${expected} notifications heard; burst of ${DESKS * TASKS_EACH} tasks in ${round(burstSeconds, 1)} s`;
    return [
      figure(NAMES.p95, 'ms', '< 2000 ms', [round(percentile(latencies, 95), 1)], (m) => m < 2000 && latencies.length === expected, heard),
      figure(NAMES.p50, 'ms', 'reference', [round(percentile(latencies, 50), 1)], null),
      figure(NAMES.conns, 'connections', '≤ 2', [perDeskMax], (m) => m <= 2, `all ${DESKS} desks together at most ${totalMax}`),
      figure(NAMES.size, 'MB', 'reference', [round(mbPer10k, 1)], null, `${round(bytes / 1024 / 1024, 1)} MB for ${tasks} tasks`),
      figure(NAMES.list, 'ms', '< 200 ms', listRuns, (m) => m < 200, `first ${OFFICE_PAGE_SIZE} rows of ${OFFICE_TASKS}, query through the desk's pool`),
    ];
  } finally {
    await admin.end().catch(() => {});
    for (const o of offices) {
      o.listener.release(true);
      await o.office.close();
    }
    await server.stop();
  }
}
