/**
 * One desk of an office in a test: its own data folder (makeTestServices), the office database saved
 * through main's handlers and seen online, then the fax account connected — as a user sets a desk up.
 */
import { expect } from 'vitest';
import { dispatch } from '../../src/main/ipc/dispatch';
import type { OfficeInput, OfficeView } from '../../src/shared/office/types';
import type { RunningSimulator } from '../../src/simulator/index';
import { OFFICE_DB, OWNER } from './postgres';
import { makeTestServices, type TestServices } from './services';

export async function openOfficeDesk(name: string, pgPort: number, sim: RunningSimulator, open: Array<() => Promise<void> | void>): Promise<TestServices> {
  const t = await makeTestServices({}, { officeRetryMs: { first: 50, max: 200 } });
  open.push(() => t.cleanup());
  const input: OfficeInput = {
    fields: { host: '127.0.0.1', port: pgPort, database: OFFICE_DB, user: OWNER.user, tls: false, allowPlain: false, displayName: name },
    password: OWNER.password,
    caFile: 'none',
  };
  expect((await dispatch(t.services.handlers, 'saveOffice', input)).ok).toBe(true);
  await expect
    .poll(async () => {
      const r = await dispatch(t.services.handlers, 'getOffice', undefined);
      return r.ok ? (r.value as OfficeView).status.state : null;
    }, { timeout: 15_000 }) // a poll: done as soon as it is online; the default 5 s was short on a loaded machine
    .toBe('online');
  expect((await dispatch(t.services.handlers, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret })).ok).toBe(true);
  return t;
}
