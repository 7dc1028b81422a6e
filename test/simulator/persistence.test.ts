import type { RecipientRecord } from '../../src/simulator/index';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/simulator/index';
import { call, createTask, getTask, sim, uploadPdf, waitFor, waitForTaskEnd } from './helpers';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'faxsim-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('--state FILE', () => {
  it('keeps the account, file metadata and tasks across a restart', async () => {
    const stateFile = join(dir, 'state.json');
    const a = await sim({ stateFile, speed: 500, balance: 20 });
    const fileRef = await uploadPdf(a, 2);
    const created = await createTask(a, [fileRef], ['8613800000001']);
    const done = await waitForTaskEnd(a, created.body.data.task_ref);
    const account = (await call(a, 'GET', '/api/v2/account/status')).body.data;
    expect(account.balance).toBe(19.4);
    await a.stop();

    const stored = JSON.parse(readFileSync(stateFile, 'utf8'));
    expect(stored.version).toBe(1);
    // no file bytes, only metadata, in the snapshot or its journal; no temporary file left behind
    expect(readdirSync(dir).sort()).toEqual(['state.json', 'state.json.0.journal']);
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f), 'utf8')).not.toContain('JVBER');

    const b = await sim({ stateFile, speed: 500, balance: 999 });
    expect((await call(b, 'GET', '/api/v2/account/status')).body.data).toEqual(account);
    expect((await getTask(b, done.task_ref)).body.data).toEqual(done);
    const rcpt = done.recipients[0]!.rcpt_ref;
    expect((await call(b, 'GET', `/api/v2/fax/recipients/${rcpt}`)).body.data).toEqual(done.recipients[0]);
    // the file_ref is still valid after the restart
    expect((await createTask(b, [fileRef], ['8613800000002'])).status).toBe(200);
  });

  it('carries on with tasks that were in progress at the restart', async () => {
    const stateFile = join(dir, 'state.json');
    const a = await sim({ stateFile, speed: 50 });
    const fileRef = await uploadPdf(a, 1);
    const created = await createTask(a, [fileRef], ['8613800000001', '8613800000002', '8613800000777']);
    const ref = created.body.data.task_ref;
    await waitFor(() => a.tasks().find((t) => t.task_ref === ref)?.status === 'sending' || undefined, 5000, 'sending');
    await a.stop();

    const b = await sim({ stateFile, speed: 500 });
    expect(b.tasks().find((t) => t.task_ref === ref)?.status).toBe('sending');
    const t = await waitForTaskEnd(b, ref);
    expect(t.status).toBe('done');
    expect(t.recipients.map((r: RecipientRecord) => r.status)).toEqual(['success', 'success', 'failed']);
    expect((await call(b, 'GET', '/api/v2/account/status')).body.data.balance).toBe(499.4);
  });

  it('keeps state in memory only without a state file', async () => {
    const a = await sim();
    const created = await createTask(a, [await uploadPdf(a)], ['8613800000001']);
    await a.stop();
    const b = await sim();
    expect((await getTask(b, created.body.data.task_ref)).status).toBe(404);
  });

  it('refuses to start on a file that is not simulator state', async () => {
    const stateFile = join(dir, 'other.json');
    writeFileSync(stateFile, JSON.stringify({ hello: 'world' }));
    await expect(startSimulator({ stateFile })).rejects.toThrow(/not a simulator state/);
  });
});
