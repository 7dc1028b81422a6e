/**
 * What a test file of the office outbox shares, with its hooks: one PostgreSQL for the file (none when it
 * is missing: the file's tests skip on `missing`), a simulator when asked for, what each test opened
 * closed after it (newest first), and with `dropSchema` the office schema dropped so the next test starts
 * from an empty database. One setup instead of the same 20 lines in each office test.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../src/simulator/index';
import { dropOfficeSchema, postgresMissing, startPostgres, type RunningPostgres } from './postgres';

export interface OfficeTestRig {
  /** why PostgreSQL cannot run here, or null */
  missing: string | null;
  /** closers of what a test opened (desks, pools): run after each test, newest first */
  open: Array<() => Promise<void> | void>;
  readonly pg: RunningPostgres;
  readonly sim: RunningSimulator;
}

export function officeTestRig(o: { tls?: boolean; sim?: SimulatorOptions; dropSchema?: boolean } = {}): OfficeTestRig {
  const missing = postgresMissing();
  const open: OfficeTestRig['open'] = [];
  let pg: RunningPostgres | null = null;
  let sim: RunningSimulator | null = null;
  beforeAll(async () => {
    if (missing) return;
    pg = await startPostgres({ tls: o.tls ?? false });
    if (o.sim) sim = await startSimulator(o.sim);
  });
  afterAll(async () => {
    await sim?.stop();
    await pg?.stop();
  });
  afterEach(async () => {
    for (const close of open.splice(0).reverse()) await close();
    if (missing || !o.dropSchema || !pg) return;
    const c = await pg.admin();
    try {
      await dropOfficeSchema(c);
    } finally {
      await c.end();
    }
  });
  return {
    missing,
    open,
    get pg() {
      if (!pg) throw new Error('no PostgreSQL: the test should have been skipped (missing)');
      return pg;
    },
    get sim() {
      if (!sim) throw new Error('officeTestRig was not asked for a simulator');
      return sim;
    },
  };
}
