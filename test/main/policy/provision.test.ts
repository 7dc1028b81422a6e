import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeytar, keychainAccountOf } from '@main/credentials/secret-store';
import { readPolicy } from '@main/policy/policy-file';
import { PROVISION_EXIT, provisionSecret } from '@main/policy/provision';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/index';
import { credentialKey } from '@shared/credential-key';
import { makeTestServices } from '../../helpers/services';
import { writePolicy } from '../../helpers/policy';
import { tempDirs } from '../../helpers/temp-dirs';
import { Readable } from 'node:stream';
import { createBindPasswords } from '@main/directory/bind-passwords';
import { createOfficePasswords } from '@main/office/office-passwords';
import { OFFICE_DB, OWNER, postgresMissing, startPostgres, type RunningPostgres } from '../../helpers/postgres';
import type { OfficeView } from '@shared/office/types';
import fs from 'node:fs';
import { generatePeople, PEOPLE_DN, READER_DN, READER_PW, slapdMissing, startSlapd, type RunningSlapd } from '../../helpers/slapd';
import { until } from '../../helpers/until';
import { keychainUnavailable } from '../../helpers/keychain';

// The provisioning command as a login script runs it: the checkout's `npm run provision` script (the same
// function `faxdesk --provision-secret` calls), the secret on stdin, the real keychain (gnome-keyring in a
// D-Bus session in CI) and the simulator as the fax service that checks the secret.
const SERVICE = `FaxDesk-test-provision-${process.pid}`;
const SECRET = 'prov-Secret-7f3a-9c1e';
const tempDir = tempDirs('faxdesk-provision-');

const skipReason = await keychainUnavailable(SERVICE);
if (skipReason) console.log(`[provision] real keychain tests skipped: ${skipReason}`);

/** Runs `npm run provision`'s script with the secret (or nothing) on stdin. */
function runProvision(env: Record<string, string>, stdin: string | null, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', path.join('scripts', 'provision.ts'), ...args], {
      env: { ...process.env, FAXDESK_KEYCHAIN_SERVICE: SERVICE, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

describe.skipIf(skipReason !== null)('provisioning the API secret from a login script (real keychain, simulator)', () => {
  let sim: RunningSimulator;
  let policyFile: string;
  const stored = async () => (await loadKeytar()).getPassword(SERVICE, keychainAccountOf(credentialKey(sim.baseUrl, sim.apiKey)!));

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, speed: 100, apiKey: 'office-key-1', apiSecret: SECRET, quiet: true });
    policyFile = writePolicy(tempDirs('faxdesk-provision-policy-')(), { service: { value: { baseUrl: sim.baseUrl, apiKey: sim.apiKey }, locked: true } });
  });
  afterAll(async () => {
    await (await loadKeytar()).deletePassword(SERVICE, keychainAccountOf(credentialKey(sim.baseUrl, sim.apiKey)!)).catch(() => false);
    await sim.stop();
  });

  it('refuses a secret the service rejects, and stores nothing', async () => {
    const r = await runProvision({ FAXDESK_POLICY: policyFile }, 'not-the-secret\n');
    expect(r.code).toBe(PROVISION_EXIT.rejected);
    expect(r.stderr).toContain('refused this secret');
    expect(r.stderr).toContain('nothing was stored');
    expect(r.stderr + r.stdout).not.toContain('not-the-secret');
    expect(await stored()).toBeNull();
  }, 30_000);

  it('refuses a secret given on the command line, without echoing it, and stores nothing', async () => {
    const r = await runProvision({ FAXDESK_POLICY: policyFile }, SECRET, [SECRET]);
    expect(r.code).toBe(PROVISION_EXIT.usage);
    expect(r.stderr).toContain('standard input');
    expect(r.stderr + r.stdout).not.toContain(SECRET);
    expect(await stored()).toBeNull();
  }, 30_000);

  it('stores the secret from stdin bound to the policy’s address and key; FaxDesk then starts connected', async () => {
    const r = await runProvision({ FAXDESK_POLICY: policyFile }, `${SECRET}\n`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(PROVISION_EXIT.ok);
    expect(r.stdout).toContain(`Stored the API secret for ${credentialKey(sim.baseUrl, sim.apiKey)!.origin}`);
    expect(r.stdout).not.toContain(SECRET);
    // the trailing line break of `echo` is not part of it
    expect(await stored()).toBe(SECRET);

    // FaxDesk started by that user: account mode, secret set, the account answers
    const t = await makeTestServices({}, { policy: readPolicy({ env: { FAXDESK_POLICY: policyFile } }), keychainService: SERVICE, secretStore: undefined as never }); // the real keychain, not the helper's memory store
    try {
      expect(await t.services.connection.status()).toMatchObject({ mode: 'account', secretSet: true, secretStorage: 'keychain' });
      expect((await t.services.connection.account()).mode).toBe('account');
    } finally {
      await t.cleanup();
    }
  }, 60_000);
});

describe('provisioning outcomes a script can act on', () => {
  const io = (stdin: string) => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { stdin: Readable.from([Buffer.from(stdin)]), out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
  };

  it('no policy: says which file and what to add', async () => {
    const file = path.join(tempDir(), 'missing.json');
    const o = io(SECRET);
    const code = await provisionSecret({ policy: readPolicy({ env: { FAXDESK_POLICY: file } }), io: o.io, extraArgs: [] });
    expect(code).toBe(PROVISION_EXIT.noPolicy);
    expect(o.err.join('\n')).toContain(file);
    expect(o.err.join('\n')).toContain('"service"');
  });

  it('no keychain: says so and stores nothing anywhere', async () => {
    const sim = await startSimulator({ port: 0, apiKey: 'k', apiSecret: SECRET, quiet: true });
    try {
      const policy = readPolicy({ env: { FAXDESK_POLICY: writePolicy(tempDir(), { service: { value: { baseUrl: sim.baseUrl, apiKey: 'k' } } }) } });
      const o = io(SECRET);
      const code = await provisionSecret({ policy, io: o.io, extraArgs: [], keychain: { loadKeytar: () => Promise.reject(new Error('no keytar')) } });
      expect(code).toBe(PROVISION_EXIT.noKeychain);
      expect(o.err.join('\n')).toContain('No system keychain');
    } finally {
      await sim.stop();
    }
  });

  it('a service that does not answer: the secret cannot be checked and is not stored', async () => {
    const policy = readPolicy({ env: { FAXDESK_POLICY: writePolicy(tempDir(), { service: { value: { baseUrl: 'http://127.0.0.1:1', apiKey: 'k' } } }) } });
    const o = io(SECRET);
    const stores: string[] = [];
    const secretStore = {
      kind: 'keychain' as const,
      warning: null,
      get: async () => null,
      set: async (_k: unknown, s: string) => void stores.push(s),
      delete: async () => {},
      has: async () => false,
      migrateLegacy: async () => 'none' as const,
    };
    expect(await provisionSecret({ policy, io: o.io, extraArgs: [], secretStore })).toBe(PROVISION_EXIT.unreachable);
    expect(stores).toEqual([]);
    expect(o.err.join('\n')).toContain('nothing was stored');
  });

  it('empty stdin is refused', async () => {
    const policy = readPolicy({ env: { FAXDESK_POLICY: writePolicy(tempDir(), { service: { value: { baseUrl: 'http://127.0.0.1:1', apiKey: 'k' } } }) } });
    const o = io('\n');
    expect(await provisionSecret({ policy, io: o.io, extraArgs: [] })).toBe(PROVISION_EXIT.usage);
    expect(o.err.join('\n')).toContain('empty');
  });
});

describe.skipIf(skipReason !== null || slapdMissing() !== null)('provisioning a directory bind password (real keychain, real slapd)', () => {
  let slapd: RunningSlapd;
  let policyFile: string;
  const stored = async () => {
    const found = await createBindPasswords({ service: SERVICE, kind: 'keychain' }).lookup(slapd.url, READER_DN, 'none');
    return found.state === 'usable' ? found.password : null;
  };

  beforeAll(async () => {
    slapd = await startSlapd({ people: generatePeople(3) });
    const dir = {
      name: 'Head office',
      url: slapd.url,
      startTls: false,
      allowPlain: false,
      bindDn: READER_DN,
      baseDn: PEOPLE_DN,
      filter: '(facsimileTelephoneNumber=*)',
      attributes: { name: ['displayName'], company: ['o'], fax: ['facsimileTelephoneNumber'], extraFax: [] },
    };
    policyFile = writePolicy(tempDirs('faxdesk-provision-dir-')(), { directories: { value: [dir], locked: true } });
  }, 60_000);
  afterAll(async () => {
    await createBindPasswords({ service: SERVICE, kind: 'keychain' }).clear(slapd.url, READER_DN).catch(() => {});
    await slapd.stop();
  });

  it('refuses a wrong password (tested with a bind), then stores the right one where Settings would find it', async () => {
    const wrong = await runProvision({ FAXDESK_POLICY: policyFile }, 'wrong-password', ['--directory', 'Head office']);
    expect(wrong.code, wrong.stderr).toBe(PROVISION_EXIT.rejected);
    expect(wrong.stderr).toContain('nothing was stored');
    expect(await stored()).toBeNull();

    const unknown = await runProvision({ FAXDESK_POLICY: policyFile }, READER_PW, ['--directory', 'Branch']);
    expect(unknown.code).toBe(PROVISION_EXIT.noPolicy);
    expect(unknown.stderr).toContain('"Head office"');

    const ok = await runProvision({ FAXDESK_POLICY: policyFile }, `${READER_PW}\n`, ['--directory', 'Head office']);
    expect(ok.code, ok.stderr).toBe(PROVISION_EXIT.ok);
    expect(ok.stdout + ok.stderr).not.toContain(READER_PW);
    expect(await stored()).toBe(READER_PW);

    // FaxDesk started by that user lists the policy's directory with its password in the keychain
    const t = await makeTestServices({}, { policy: readPolicy({ env: { FAXDESK_POLICY: policyFile } }), keychainService: SERVICE, secretStore: undefined as never });
    try {
      expect(await t.services.directories.list()).toEqual([expect.objectContaining({ name: 'Head office', hasPassword: true })]);
    } finally {
      await t.cleanup();
    }
  }, 60_000);
});

describe.skipIf(skipReason !== null || postgresMissing() !== null)('provisioning the office database password (real keychain, throwaway PostgreSQL)', () => {
  let pg: RunningPostgres;
  let policyFile: string;
  const server = () => ({ host: 'localhost', port: pg.port, database: OFFICE_DB, user: OWNER.user });
  const passwords = async () => createOfficePasswords({ service: SERVICE, kind: 'keychain' });

  beforeAll(async () => {
    pg = await startPostgres({ tls: true });
    const dir = tempDirs('faxdesk-provision-office-')();
    const ca = path.join(dir, 'office-ca.pem');
    fs.writeFileSync(ca, pg.certPem!);
    policyFile = writePolicy(dir, { officeOutbox: { value: { ...server(), caFile: ca }, locked: true } });
  }, 60_000);
  afterAll(async () => {
    await (await passwords()).clear(server()).catch(() => {});
    await pg?.stop();
  });

  it('refuses a wrong password (tested with a connection), reads stdin only, then stores the right one where the office service looks', async () => {
    const wrong = await runProvision({ FAXDESK_POLICY: policyFile }, 'wrong-Password-1', ['--office']);
    expect(wrong.code, wrong.stderr).toBe(PROVISION_EXIT.rejected);
    expect(wrong.stderr).toContain('nothing was stored');
    expect(await (await passwords()).get(server(), 'plain')).toBeNull();

    // a password on the command line is refused and never echoed
    const argv = await runProvision({ FAXDESK_POLICY: policyFile }, OWNER.password, ['--office', OWNER.password]);
    expect(argv.code).toBe(PROVISION_EXIT.usage);
    expect(argv.stdout + argv.stderr).not.toContain(OWNER.password);

    const empty = await runProvision({ FAXDESK_POLICY: policyFile }, '', ['--office']);
    expect(empty.code).toBe(PROVISION_EXIT.usage);

    const noOffice = await runProvision({ FAXDESK_POLICY: writePolicy(tempDir(), { tray: { value: true } }) }, OWNER.password, ['--office']);
    expect(noOffice.code).toBe(PROVISION_EXIT.noPolicy);
    expect(noOffice.stderr).toContain('"officeOutbox"');

    const ok = await runProvision({ FAXDESK_POLICY: policyFile }, `${OWNER.password}\n`, ['--office']);
    expect(ok.code, ok.stderr).toBe(PROVISION_EXIT.ok);
    expect(ok.stdout + ok.stderr).not.toContain(OWNER.password);
    // bound to verified TLS: found for that protection, never for a plain connection to the same server
    expect(await (await passwords()).get(server(), 'tls-verified')).toBe(OWNER.password);
    expect(await (await passwords()).get(server(), 'plain')).toBeNull();

    // FaxDesk started by that user connects to the policy's office with the provisioned password
    const t = await makeTestServices({}, { policy: readPolicy({ env: { FAXDESK_POLICY: policyFile } }), keychainService: SERVICE, secretStore: undefined as never });
    try {
      let view: OfficeView | null = null;
      await until('the office online', async () => (view = await t.services.office.view()).status.state === 'online').catch(() => false);
      expect(view).toMatchObject({ managed: 'locked', hasPassword: true, status: { state: 'online' } });
    } finally {
      await t.cleanup();
    }
  }, 60_000);

  it('a server that does not answer: unreachable, nothing stored', async () => {
    const dir = tempDir();
    const stopped = writePolicy(dir, { officeOutbox: { value: { host: '127.0.0.1', port: 1, database: OFFICE_DB, user: 'nobody_here', tls: false } } });
    const r = await runProvision({ FAXDESK_POLICY: stopped }, 'Some-pw-1', ['--office']);
    expect(r.code, r.stderr).toBe(PROVISION_EXIT.unreachable);
    expect(await (await passwords()).get({ host: '127.0.0.1', port: 1, user: 'nobody_here' }, 'plain')).toBeNull();
  }, 30_000);
});
