/**
 * The office outbox end to end through main's IPC handlers: Settings stores
 * the connection (the password in the keychain, the CA file as a copy, neither
 * in office.json nor in anything the window receives), a fax sent from a real
 * account reaches the office database with its sender and computer, a demo fax
 * never does, and Test's errors cross IPC with their own codes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { computerName } from '@main/office/desk-identity';
import type { SendFaxInput } from '@shared/ipc/channels/send';
import type { OfficeInput, OfficeView } from '@shared/office/types';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/index';
import { OFFICE_DB, OWNER } from '../../helpers/postgres';
import { makeTestServices, type TestServices } from '../../helpers/services';
import { createMemorySecretStore } from '@main/credentials/secret-store';
import { createOfficePasswords } from '@main/office/office-passwords';
import { samplePdf } from '../tasks/helpers';
import { until } from '../../helpers/until';
import { officeTestRig } from '../../helpers/office-rig';

const office = officeTestRig({ tls: true, dropSchema: true });
const { missing, open } = office;

async function desk(): Promise<TestServices> {
  const t = await makeTestServices({}, { officeRetryMs: { first: 50, max: 200 } });
  open.push(() => t.cleanup());
  return t;
}

async function sim(): Promise<RunningSimulator> {
  const s = await startSimulator({ speed: 200, balance: 1000 });
  open.push(() => s.stop());
  return s;
}

function officeInput(t: TestServices, over: Partial<OfficeInput> = {}): OfficeInput {
  const ca = path.join(t.dataDir, 'office-ca-chosen.pem');
  fs.writeFileSync(ca, office.pg.certPem!);
  return {
    fields: { host: 'localhost', port: office.pg.port, database: OFFICE_DB, user: OWNER.user, tls: true, allowPlain: false, displayName: 'Li Na' },
    password: OWNER.password,
    caFile: { handle: t.services.grants.grant(ca) },
    ...over,
  };
}

async function officeTasks(): Promise<Record<string, unknown>[]> {
  const c = await office.pg.admin();
  try {
    return (await c.query('SELECT * FROM faxdesk_tasks ORDER BY created_at_ms')).rows;
  } catch {
    return [];
  } finally {
    await c.end();
  }
}

function sendInput(t: TestServices, file: string, numbers: string[]): SendFaxInput {
  const handle = t.services.grants.grant(file);
  return { name: 'Contract', documents: [{ handle, url: null, name: 'contract.pdf', pages: 1, fileRef: null }], numbers, scheduledAt: null };
}

describe.skipIf(missing)('office outbox through main’s handlers', () => {
  it('saves the connection without the password leaving the keychain, and connects over verified TLS', async () => {
    const t = await desk();
    const saved = await dispatch(t.services.handlers, 'saveOffice', officeInput(t));
    expect(saved.ok).toBe(true);
    const view = await until('online', async () => {
      const r = await dispatch(t.services.handlers, 'getOffice', undefined);
      return r.ok && (r.value as OfficeView).status.state === 'online' ? (r.value as OfficeView) : null;
    });
    expect(view).toMatchObject({ hasPassword: true, caFileName: 'office-ca-chosen.pem', computerName: computerName() });
    expect(view.configured).toMatchObject({ host: 'localhost', user: OWNER.user, tls: true, displayName: 'Li Na' });
    for (const f of ['office.json']) expect(fs.readFileSync(path.join(t.dataDir, f), 'utf8')).not.toContain(OWNER.password);
    expect(JSON.stringify(view)).not.toContain(OWNER.password);
    expect(JSON.stringify(t.emitted)).not.toContain(OWNER.password);
    expect(t.logLines.join('\n')).not.toContain(OWNER.password);
    // a copy of the CA file: the chosen one may go away
    fs.rmSync(path.join(t.dataDir, 'office-ca-chosen.pem'));
    expect(fs.readFileSync(path.join(t.dataDir, 'office-ca.pem'), 'utf8')).toBe(office.pg.certPem);
    // the window learns of the connection by event, not by asking again
    expect(t.emitted.some((e) => e.name === 'officeChanged' && (e.payload as OfficeView).status.state === 'online')).toBe(true);
  });

  it('Test’s errors cross IPC with their own codes, and Test stores nothing', async () => {
    const t = await desk();
    const wrongPw = await dispatch(t.services.handlers, 'testOffice', officeInput(t, { password: 'wrong-Pw-1' }));
    expect(!wrongPw.ok && wrongPw.error.code).toBe('office.bad_password');
    const untrusted = await dispatch(t.services.handlers, 'testOffice', officeInput(t, { caFile: 'none' }));
    expect(!untrusted.ok && untrusted.error.code).toBe('office.tls_untrusted');
    const notCa = path.join(t.dataDir, 'notes.pem');
    fs.writeFileSync(notCa, 'just some notes');
    const badCa = await dispatch(t.services.handlers, 'testOffice', officeInput(t, { caFile: { handle: t.services.grants.grant(notCa) } }));
    expect(!badCa.ok && badCa.error.code).toBe('office.bad_ca_file');
    const good = await dispatch(t.services.handlers, 'testOffice', officeInput(t));
    expect(good.ok && good.value).toMatchObject({ protection: 'tls-verified', schemaVersion: 0 });
    expect(fs.existsSync(path.join(t.dataDir, 'office.json'))).toBe(false);
    const view = await dispatch(t.services.handlers, 'getOffice', undefined);
    expect(view.ok && (view.value as OfficeView)).toMatchObject({ configured: null, hasPassword: false, status: { state: 'off' } });
    expect(await officeTasks()).toEqual([]);
  });

  it('a password with leading and trailing spaces works exactly as typed: saved, connected, and used again from the keychain', async () => {
    const spaced = '  Spaced pw 7  ';
    const admin = await office.pg.admin();
    try {
      await admin.query(`ALTER ROLE ${OWNER.user} PASSWORD '${spaced}'`);
      const t = await desk();
      // trimmed, it is another password
      const trimmed = await dispatch(t.services.handlers, 'testOffice', officeInput(t, { password: spaced.trim() }));
      expect(!trimmed.ok && trimmed.error.code).toBe('office.bad_password');
      expect((await dispatch(t.services.handlers, 'saveOffice', officeInput(t, { password: spaced }))).ok).toBe(true);
      await until('online', async () => {
        const r = await dispatch(t.services.handlers, 'getOffice', undefined);
        return r.ok && (r.value as OfficeView).status.state === 'online';
      });
      // Test with the password field left empty uses the stored one, as typed
      const stored = await dispatch(t.services.handlers, 'testOffice', officeInput(t, { password: '', caFile: 'keep' }));
      expect(stored.ok && stored.value).toMatchObject({ protection: 'tls-verified' });
      expect(t.logLines.join('\n')).not.toContain(spaced.trim());
    } finally {
      await admin.query(`ALTER ROLE ${OWNER.user} PASSWORD '${OWNER.password}'`);
      await admin.end();
    }
  });

  it('a CA file replaced by another file after it was chosen is refused in plain words, never read; nothing is stored', async () => {
    const t = await desk();
    const input = officeInput(t);
    const chosen = path.join(t.dataDir, 'office-ca-chosen.pem');
    // another file (a valid certificate, even) takes the chosen file's name after it was picked
    const other = path.join(t.dataDir, 'other.pem');
    fs.writeFileSync(other, office.pg.certPem!);
    fs.renameSync(other, chosen);
    const tested = await dispatch(t.services.handlers, 'testOffice', input);
    expect(!tested.ok && tested.error.code).toBe('file.changed');
    expect(!tested.ok && tested.error.message).toContain('office-ca-chosen.pem');
    const saved = await dispatch(t.services.handlers, 'saveOffice', input);
    expect(!saved.ok && saved.error.code).toBe('file.changed');
    expect(fs.existsSync(path.join(t.dataDir, 'office-ca.pem'))).toBe(false);
    expect(fs.existsSync(path.join(t.dataDir, 'office.json'))).toBe(false);
    // a link put in its place is refused alike
    fs.rmSync(chosen);
    const elsewhere = path.join(t.dataDir, 'elsewhere.pem');
    fs.writeFileSync(elsewhere, office.pg.certPem!);
    fs.symlinkSync(elsewhere, chosen);
    const linked = await dispatch(t.services.handlers, 'testOffice', input);
    expect(!linked.ok && linked.error.code).toBe('file.changed');
    // chosen again, the same bytes are trusted
    const again = await dispatch(t.services.handlers, 'testOffice', officeInput(t));
    expect(again.ok && again.value).toMatchObject({ protection: 'tls-verified' });
  });

  it('a send interrupted mid-create (FaxDesk stopped before the service answered) reaches the office database as outcome unknown at the next start', async () => {
    const s = await sim();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-office-recover-'));
    open.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    // the same keychain across the two runs, as on a real computer
    const secrets = createMemorySecretStore();
    const officePasswords = createOfficePasswords({ service: 'FaxDesk-test', kind: 'memory' });
    const run = async () => {
      const t = await makeTestServices({ dataDir }, { secretStore: secrets, officePasswords, officeRetryMs: { first: 50, max: 200 } });
      open.push(() => t.cleanup());
      return t;
    };
    const first = await run();
    expect((await dispatch(first.services.handlers, 'saveOffice', officeInput(first))).ok).toBe(true);
    expect((await dispatch(first.services.handlers, 'connectAccount', { baseUrl: s.baseUrl, apiKey: s.apiKey, secret: s.apiSecret })).ok).toBe(true);
    const file = await samplePdf(first.dataDir, 1);
    // the intent is recorded (and reaches the office), then FaxDesk stops before the create's answer
    first.services.history.recordSend({
      name: 'Contract',
      files: [{ path: file, name: 'contract.pdf', size: fs.statSync(file).size, pages: 1, fileRef: 'f-1' }],
      parts: [{ name: 'Contract', phoneNumbers: ['+8613800138000'] }],
    });
    await until('the intent in the office database', async () => (await officeTasks()).find((r) => r.create_state === 'creating'));
    await first.services.close();

    const second = await run();
    const rows = await until('the recovered send in the office database', async () => {
      const r = await officeTasks();
      return r.length === 1 && r[0]!.create_state === 'outcome_unknown' ? r : null;
    });
    expect(rows[0]).toMatchObject({ task_ref: null, sender_name: 'Li Na', error: 'FaxDesk stopped before the service answered this send.' });
    const local = second.services.history.listTasks();
    expect(local.map((t) => t.createState)).toEqual(['outcome_unknown']);
  });

  it('a fax sent from an account reaches the office database with its sender and computer; a demo fax never does', async () => {
    const s = await sim();
    const t = await desk();
    expect((await dispatch(t.services.handlers, 'saveOffice', officeInput(t))).ok).toBe(true);
    const file = await samplePdf(t.dataDir, 1);

    // demo mode first (no account connected)
    const demo = await dispatch(t.services.handlers, 'sendFax', sendInput(t, file, ['8613800138001']));
    expect(demo.ok).toBe(true);

    expect((await dispatch(t.services.handlers, 'connectAccount', { baseUrl: s.baseUrl, apiKey: s.apiKey, secret: s.apiSecret })).ok).toBe(true);
    const sent = await dispatch(t.services.handlers, 'sendFax', sendInput(t, file, ['8613800138000', '8613800138666']));
    expect(sent.ok).toBe(true);
    const rows = await until('the task in the office database', async () => {
      const r = await officeTasks();
      return r.length && r[0]!.task_ref ? r : null;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sender_name: 'Li Na', computer_name: computerName(), kind: 'send', create_state: 'created', recipient_count: 2 });
    expect((rows[0]!.documents as { name: string; sha256: string }[])[0]).toMatchObject({ name: 'contract.pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});

describe('office outbox queue file', () => {
  it('a damaged queue file never stops start-up: it is set aside, said in the log, and a fresh one used', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-office-queue-'));
    try {
      fs.writeFileSync(path.join(dir, 'office-queue.sqlite'), 'this is not a database, it is a damaged file of many bytes'.repeat(100));
      const t = await makeTestServices({ dataDir: dir });
      try {
        const view = await dispatch(t.services.handlers, 'getOffice', undefined);
        expect(view.ok && (view.value as OfficeView).status.state).toBe('off');
        expect(t.logLines.join('\n')).toMatch(/office outbox queue: damaged file kept at .*office-queue\.sqlite\.damaged-/);
      } finally {
        await t.services.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
