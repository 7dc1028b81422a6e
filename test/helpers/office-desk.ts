/**
 * One desk of an office in a test: its own data folder (makeTestServices), the office database saved
 * through main's handlers and seen online, then the fax account connected — as a user sets a desk up.
 */
import { expect } from 'vitest';
import { dispatch } from '../../src/main/ipc/dispatch';
import type { SendFaxInput } from '../../src/shared/ipc/channels/send';
import type { OfficeInput, OfficeView } from '../../src/shared/office/types';
import type { RunningSimulator } from '../../src/simulator/index';
import { OFFICE_DB, OWNER } from './postgres';
import { makeTestServices, type TestServices } from './services';
import { samplePdf } from '../main/tasks/helpers';

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

/** The desk sends a fax and follows it to its end (the service's answers into its history, as its poll would); its task_ref. */
export async function sendAndFinish(t: TestServices, name: string, numbers: string[]): Promise<string> {
  const file = await samplePdf(t.dataDir, 1);
  const input: SendFaxInput = {
    name,
    documents: [{ handle: t.services.grants.grant(file), url: null, name: 'contract.pdf', pages: 1, fileRef: null }],
    numbers,
    scheduledAt: null,
  };
  const sent = await dispatch(t.services.handlers, 'sendFax', input);
  if (!sent.ok) throw new Error(sent.error.message);
  const ref = t.services.history.listTasks({ text: name, limit: 1 })[0]!.taskRef!;
  const client = await t.services.connection.client();
  await expect
    .poll(
      async () => {
        const task = await client.getTask(ref);
        t.services.history.applyTaskResponse(task);
        return task.status;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe('done');
  return ref;
}
