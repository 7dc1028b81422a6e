/**
 * The machine-wide policy's office outbox (docs/deploy.md) against a real
 * PostgreSQL with TLS: unlocked, it is the connection until the user saves
 * their own; locked, its connection fields win over anything stored, a save
 * of other fields is refused with settings.locked (the display name and the
 * password stay the user's), and its CA file is read from disk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '@main/credentials/secret-store';
import { dispatch } from '@main/ipc/dispatch';
import { createOfficePasswords } from '@main/office/office-passwords';
import { readPolicy } from '@main/policy/policy-file';
import type { OfficeInput, OfficeView } from '@shared/office/types';
import { writePolicy } from '../../helpers/policy';
import { OFFICE_DB, OWNER } from '../../helpers/postgres';
import { makeTestServices, type TestServices } from '../../helpers/services';
import { until } from '../../helpers/until';
import { officeTestRig } from '../../helpers/office-rig';

const office = officeTestRig({ tls: true, dropSchema: true });
const { missing, open } = office;

const server = () => ({ host: 'localhost', port: office.pg.port, database: OFFICE_DB, user: OWNER.user });

/** A desk started under a policy naming the test server (CA file on disk), the password already in its keychain. */
async function deskUnder(locked: boolean, stored?: unknown): Promise<TestServices> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-office-policy-'));
  open.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const ca = path.join(dir, 'office-ca.pem');
  fs.writeFileSync(ca, office.pg.certPem!);
  const policyFile = writePolicy(dir, { officeOutbox: { value: { ...server(), caFile: ca }, locked } });
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  if (stored) fs.writeFileSync(path.join(dataDir, 'office.json'), JSON.stringify(stored));
  const secrets = createMemorySecretStore();
  const officePasswords = createOfficePasswords({ service: 'FaxDesk-test', kind: 'memory' });
  await officePasswords.set(server(), 'tls-verified', OWNER.password);
  const t = await makeTestServices({ dataDir }, { policy: readPolicy({ env: { FAXDESK_POLICY: policyFile } }), secretStore: secrets, officePasswords, officeRetryMs: { first: 50, max: 200 } });
  open.push(() => t.cleanup());
  // the helper made (and cleans) a folder of its own; this desk's data are in ours
  return { ...t, dataDir };
}

async function officeView(t: TestServices): Promise<OfficeView> {
  const r = await dispatch(t.services.handlers, 'getOffice', undefined);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as OfficeView;
}

async function online(t: TestServices): Promise<OfficeView> {
  let v: OfficeView | null = null;
  await until('online', async () => (v = await officeView(t)).status.state === 'online').catch(() => {
    throw new Error(`not online: ${JSON.stringify(v?.status)}`);
  });
  return v!;
}

const input = (over: Partial<OfficeInput['fields']> = {}, rest: Partial<OfficeInput> = {}): OfficeInput => ({
  fields: { ...server(), tls: true, allowPlain: false, displayName: '', ...over },
  password: '',
  caFile: 'keep',
  ...rest,
});

describe.skipIf(missing)('the policy’s office outbox (real PostgreSQL, verified TLS)', () => {
  it('unlocked: connects with the policy’s fields and CA file when the user saved nothing; the user’s own save then wins', async () => {
    const t = await deskUnder(false);
    const v = await online(t);
    expect(v).toMatchObject({ managed: 'default', hasPassword: true, caFileName: 'office-ca.pem' });
    expect(v.configured).toEqual({ ...server(), tls: true, allowPlain: false, displayName: '' });

    // the user changes the connection (plain to this computer is allowed): accepted, and it is theirs
    const saved = await dispatch(t.services.handlers, 'saveOffice', input({ host: '127.0.0.1', tls: false, displayName: 'Li Na' }, { password: OWNER.password }));
    expect(saved.ok).toBe(true);
    const after = await online(t);
    expect(after.configured).toMatchObject({ host: '127.0.0.1', tls: false, displayName: 'Li Na' });
    expect(JSON.parse(fs.readFileSync(path.join(t.dataDir, 'office.json'), 'utf8')).fields).toMatchObject({ host: '127.0.0.1', tls: false });
  });

  it('locked: the policy’s connection wins over one stored before, other fields are refused, the display name and password stay the user’s', async () => {
    const before = { fields: { host: 'db.elsewhere.example', port: 5433, database: 'other', user: 'someone', tls: true, allowPlain: false, displayName: 'Li Na' }, caFileName: null };
    const t = await deskUnder(true, before);
    const v = await online(t);
    expect(v).toMatchObject({ managed: 'locked', hasPassword: true, caFileName: 'office-ca.pem' });
    expect(v.configured).toEqual({ ...server(), tls: true, allowPlain: false, displayName: 'Li Na' });

    for (const [field, over] of [
      ['host', { host: 'db.elsewhere.example' }],
      ['port', { port: office.pg.port + 1 }],
      ['database', { database: 'other' }],
      ['user', { user: 'someone' }],
      ['tls', { tls: false }],
      ['allowPlain', { allowPlain: true }],
    ] as const) {
      const r = await dispatch(t.services.handlers, 'saveOffice', input(over));
      expect(!r.ok && r.error, field).toMatchObject({ code: 'settings.locked', fields: { [field]: [expect.stringContaining('administrator')] } });
      const tested = await dispatch(t.services.handlers, 'testOffice', input(over));
      expect(!tested.ok && tested.error.code, field).toBe('settings.locked');
    }
    // nothing of the refused saves was written
    expect(JSON.parse(fs.readFileSync(path.join(t.dataDir, 'office.json'), 'utf8'))).toEqual(before);

    // the same connection with the user's own display name and a new password: saved
    const ok = await dispatch(t.services.handlers, 'saveOffice', input({ displayName: 'Wang Wei' }, { password: OWNER.password }));
    expect(ok.ok && (ok.value as OfficeView).configured).toMatchObject({ ...server(), displayName: 'Wang Wei' });
    expect((await online(t)).configured?.displayName).toBe('Wang Wei');
    const tested = await dispatch(t.services.handlers, 'testOffice', input());
    expect(tested.ok && tested.value).toMatchObject({ protection: 'tls-verified' });
  });
});
