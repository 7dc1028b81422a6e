import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPolicyPath, MAX_POLICY_BYTES, policyEnv, policyLocation, readPolicy, unsafeOwner } from '@main/policy/policy-file';
import { openSettings } from '@main/settings/settings';
import { UserError } from '@main/errors';
import { defaultSettings } from '@shared/settings';
import { confFactory, makeTestServices } from '../../helpers/services';
import { fullPolicy, writePolicy } from '../../helpers/policy';
import { tempDirs } from '../../helpers/temp-dirs';
import { syncSettledWithin } from '../../helpers/until';

const tempDir = tempDirs('faxdesk-policy-');
const isRoot = process.getuid?.() === 0;
const posix = process.platform !== 'win32';

/** The policy named by FAXDESK_POLICY, as the preview and tests name it; `uid` is who runs FaxDesk. */
const read = (file: string, uid = process.getuid?.() ?? 0) => readPolicy({ env: { FAXDESK_POLICY: file }, uid, home: '/home/ann' });

describe('where the policy file is', () => {
  it('is the documented place per OS, and FAXDESK_POLICY overrides it', () => {
    expect(defaultPolicyPath('linux')).toBe('/etc/faxdesk/policy.json');
    expect(defaultPolicyPath('darwin')).toBe('/Library/Application Support/FaxDesk/policy.json');
    expect(defaultPolicyPath('win32', { ProgramData: 'D:\\ProgramData' })).toBe('D:\\ProgramData\\FaxDesk\\policy.json');
    expect(policyLocation('linux', {})).toEqual({ file: '/etc/faxdesk/policy.json', fromEnv: false });
    expect(policyLocation('linux', { FAXDESK_POLICY: '/tmp/p.json' })).toEqual({ file: '/tmp/p.json', fromEnv: true });
  });

  it('the installed app ignores FAXDESK_POLICY (a user must not swap the machine’s policy for a file of their own); the checkout honours it', () => {
    const env = { FAXDESK_POLICY: '/home/ann/mine.json', HOME: '/home/ann' };
    expect(policyLocation('linux', policyEnv(env, true)).file).toBe('/etc/faxdesk/policy.json');
    expect(policyLocation('linux', policyEnv(env, false)).file).toBe('/home/ann/mine.json');
  });

  it('no file in the default place is an unmanaged desk, without a notice', () => {
    const p = readPolicy({ platform: 'linux', env: { FAXDESK_POLICY: '' } });
    if (!fs.existsSync('/etc/faxdesk/policy.json')) expect(p).toMatchObject({ file: null, notices: [], managed: {} });
  });

  it('a FAXDESK_POLICY naming a missing file is said, not ignored silently', () => {
    const file = path.join(tempDir(), 'nope.json');
    expect(read(file).notices).toEqual([{ file, key: null, problem: 'unreadable', detail: 'ENOENT' }]);
  });
});

describe('every key applied', () => {
  it('presets and locks the settings each key names', () => {
    const p = read(writePolicy(tempDir(), fullPolicy));
    expect(p.notices).toEqual([]);
    expect(p.locked).toEqual({
      baseUrl: 'https://fax.example.com',
      apiKey: 'AK-office-1',
      review: { always: false, recipientsAbove: 5, costAbove: 10 },
      contractUnitPrice: 0.12,
      serviceTimeZone: 'Asia/Shanghai',
    });
    expect(p.defaults).toEqual({
      autoRetry: { enabled: true, attempts: 2, delayMinutes: 15 },
      hotFolder: { enabled: true, path: path.join('/home/ann', 'FaxDesk/Outbox') },
      defaultCountry: 'CN',
      language: 'zh-CN',
      notifyOnDone: false,
      notifyOnFailed: true,
      closeToTray: true,
      lowBalanceThreshold: 50,
    });
    expect(p.service).toEqual({ baseUrl: 'https://fax.example.com', apiKey: 'AK-office-1', locked: true });
    expect(p.directories?.value[0]).toMatchObject({ name: 'Head office', url: 'ldaps://dc1.example.com' });
    expect(p.officeOutbox).toEqual({
      value: { host: 'db.example.com', port: 5432, database: 'faxdesk', user: 'faxdesk_desk', tls: true, allowPlain: false, caFile: '/etc/faxdesk/office-ca.pem' },
      locked: true,
    });
    expect(p.managed).toMatchObject({ baseUrl: 'locked', review: 'locked', defaultCountry: 'default', notifyOnDone: 'default' });
    expect(p.keys).toMatchObject({ officeOutbox: 'locked', directories: 'default', service: 'locked', tray: 'default' });
    expect(Object.keys(p.keys).sort()).toEqual(Object.keys(fullPolicy).filter((k) => k !== '$schema').sort());
  });

  it('the office outbox connection takes PostgreSQL’s port and verified TLS when left out', () => {
    const p = read(writePolicy(tempDir(), { officeOutbox: { value: { host: 'db', database: 'fax', user: 'desk' } } }));
    expect(p.officeOutbox?.value).toEqual({ host: 'db', port: 5432, database: 'fax', user: 'desk', tls: true, allowPlain: false });
  });
});

describe('locked values and defaults in the settings', () => {
  const policyOf = (policy: unknown) => read(writePolicy(tempDir(), policy));

  it('a default applies where the user stored nothing; the user may change it, and their value stays', () => {
    const dir = tempDir();
    const policy = policyOf({ defaultCountry: { value: 'DE' }, lowBalanceThreshold: { value: 80 } });
    const s = openSettings(dir, confFactory, policy);
    expect(s.get()).toMatchObject({ defaultCountry: 'DE', lowBalanceThreshold: 80 });
    s.update({ defaultCountry: 'FR' });
    expect(s.get().defaultCountry).toBe('FR');
    // a later start with the same policy keeps the user's own value; the untouched one still follows the policy
    const again = openSettings(dir, confFactory, policyOf({ defaultCountry: { value: 'DE' }, lowBalanceThreshold: { value: 90 } }));
    expect(again.get()).toMatchObject({ defaultCountry: 'FR', lowBalanceThreshold: 90 });
  });

  it('a locked value wins over what the user stored, which is kept in their file for when the lock goes', () => {
    const dir = tempDir();
    openSettings(dir, confFactory).update({ review: { always: true, recipientsAbove: 50, costAbove: 500 }, lowBalanceThreshold: 33 });
    const locked = openSettings(dir, confFactory, policyOf({ review: { value: { always: false, recipientsAbove: 5, costAbove: 10 }, locked: true } }));
    expect(locked.get().review).toEqual({ always: false, recipientsAbove: 5, costAbove: 10 });
    expect(locked.get().lowBalanceThreshold).toBe(33);
    expect(locked.locked.has('review')).toBe(true);
    // the user's file is never rewritten with the policy's values
    locked.update({ lowBalanceThreshold: 34 });
    expect(JSON.parse(fs.readFileSync(locked.filePath, 'utf8')).review).toEqual({ always: true, recipientsAbove: 50, costAbove: 500 });
    expect(openSettings(dir, confFactory).get().review).toEqual({ always: true, recipientsAbove: 50, costAbove: 500 });
  });

  it('a locked setting cannot be changed: refused with its field, nothing saved; its own value passes', () => {
    const dir = tempDir();
    const s = openSettings(dir, confFactory, policyOf({ contractUnitPrice: { value: 0.12, locked: true } }));
    let error: unknown;
    try {
      s.update({ contractUnitPrice: 0.5, lowBalanceThreshold: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect(error).toMatchObject({ code: 'settings.locked', fields: { contractUnitPrice: [expect.stringContaining('administrator')] } });
    expect(s.get()).toMatchObject({ contractUnitPrice: 0.12, lowBalanceThreshold: defaultSettings.lowBalanceThreshold });
    // the form sends what it shows, the locked value included
    expect(s.update({ contractUnitPrice: 0.12, lowBalanceThreshold: 1 })).toMatchObject({ contractUnitPrice: 0.12, lowBalanceThreshold: 1 });
  });

  it('a locked service: the account is the policy’s, demo mode and another address are refused', async () => {
    const file = writePolicy(tempDir(), { service: fullPolicy.service });
    const t = await makeTestServices({}, { policy: read(file) });
    try {
      expect(await t.services.connection.status()).toMatchObject({ mode: 'account', baseUrl: 'https://fax.example.com', apiKey: 'AK-office-1' });
      await expect(t.services.connection.useDemo()).rejects.toMatchObject({ code: 'settings.locked' });
      expect(t.services.connection.mode()).toBe('account');
      expect(await t.services.handlers.getPolicy(undefined)).toEqual({
        file,
        settings: { baseUrl: 'locked', apiKey: 'locked' },
        keys: { service: 'locked' },
        service: { baseUrl: 'https://fax.example.com', apiKey: 'AK-office-1', locked: true },
        notices: [],
      });
    } finally {
      await t.cleanup();
    }
  });
});

describe('a bad policy never stops FaxDesk', () => {
  it('a malformed file: one notice naming the file, nothing applied, the user’s settings untouched', async () => {
    const file = writePolicy(tempDir(), '{ "defaultCountry": { "value": "DE" }, ');
    const p = read(file);
    expect(p.notices).toEqual([{ file, key: null, problem: 'malformed', detail: expect.any(String) }]);
    expect(p.managed).toEqual({});
    const t = await makeTestServices({}, { policy: p });
    try {
      expect(t.services.settings.get()).toEqual(defaultSettings);
      expect((await t.services.handlers.getPolicy(undefined)).notices).toHaveLength(1);
      // the log says which file and what to do
      expect(t.logLines.join('\n')).toContain(`policy ${file}: the file: malformed`);
    } finally {
      await t.cleanup();
    }
  });

  it('a named pipe in the policy’s place is unreadable at once, not waited on (the start would hang)', () => {
    const pipe = path.join(tempDir(), 'policy.json');
    execFileSync('mkfifo', [pipe]);
    const module = path.resolve('src/main/policy/policy-file.ts');
    const script = `const { readPolicy } = await import(${JSON.stringify(module)}); console.log(JSON.stringify(readPolicy({ env: { FAXDESK_POLICY: ${JSON.stringify(pipe)} }, home: '/home/ann' }).notices));`;
    expect(syncSettledWithin(script)).toEqual([{ file: pipe, key: null, problem: 'unreadable', detail: 'not a regular file' }]);
  });

  it('is read up to MAX_POLICY_BYTES, and refused past it', () => {
    const dir = tempDir();
    const json = JSON.stringify({ lowBalanceThreshold: { value: 25 } });
    const file = writePolicy(dir, json + ' '.repeat(MAX_POLICY_BYTES - json.length));
    expect(fs.statSync(file).size).toBe(MAX_POLICY_BYTES);
    expect(read(file).notices).toEqual([]);
    fs.appendFileSync(file, ' ');
    expect(read(file).notices).toEqual([{ file, key: null, problem: 'unreadable', detail: `larger than ${MAX_POLICY_BYTES} bytes` }]);
  });

  it('a JSON value that is not an object is malformed', () => {
    expect(read(writePolicy(tempDir(), '[1, 2]')).notices[0]).toMatchObject({ problem: 'malformed', key: null });
  });

  it('an unknown key and a wrong type: a notice each naming the key, every other key applied', () => {
    const file = writePolicy(tempDir(), {
      defaultCountry: { value: 'DE', locked: true },
      faxQuality: { value: 'fine' },
      review: { value: { always: 'sometimes', recipientsAbove: 5, costAbove: 10 }, locked: true },
      tray: { value: false },
    });
    const p = read(file);
    expect(p.notices).toEqual([
      { file, key: 'faxQuality', problem: 'unknown_key', detail: '"faxQuality" is not a FaxDesk policy key' },
      { file, key: 'review', problem: 'bad_value', detail: expect.stringContaining('review.value.always') },
    ]);
    expect(p.locked).toEqual({ defaultCountry: 'DE' });
    expect(p.defaults).toEqual({ closeToTray: false });
    expect(p.managed.review).toBeUndefined();
  });

  it('a value outside its range, or a secret beside the key, is a bad value of that key', () => {
    const file = writePolicy(tempDir(), {
      autoRetry: { value: { enabled: true, attempts: 6, delayMinutes: 10 } },
      service: { value: { baseUrl: 'http://fax.example.com', apiKey: 'k' } },
      officeOutbox: { value: { host: 'db', database: 'fax', user: 'desk', password: 'pw' } },
    });
    expect(read(file).notices.map((n) => [n.key, n.problem])).toEqual([
      ['autoRetry', 'bad_value'],
      ['service', 'bad_value'],
      ['officeOutbox', 'bad_value'],
    ]);
  });

  it.skipIf(!posix)('a file writable by every user is ignored with a notice (one user must not lock another’s settings)', () => {
    const file = writePolicy(tempDir(), { defaultCountry: { value: 'DE', locked: true } }, 0o666);
    const p = read(file);
    expect(p.notices).toEqual([{ file, key: null, problem: 'unsafe_owner', detail: 'writable by every user (mode 666)' }]);
    expect(p.locked).toEqual({});
  });

  it.skipIf(!posix)('a file group-writable by a group other than root is ignored; by root’s group it is used', () => {
    const st = (gid: number, mode: number) => ({ uid: 0, gid, mode: 0o100000 | mode }) as fs.Stats;
    expect(unsafeOwner(st(100, 0o664), 'linux', false, 1000)).toBe('writable by group 100 (mode 664)');
    expect(unsafeOwner(st(0, 0o664), 'linux', false, 1000)).toBeNull();
    expect(unsafeOwner(st(0, 0o644), 'linux', false, 1000)).toBeNull();
  });

  it('the owner: root always; the user running FaxDesk only for the file they name with FAXDESK_POLICY; nobody else', () => {
    const st = (uid: number) => ({ uid, gid: uid, mode: 0o100644 }) as fs.Stats;
    expect(unsafeOwner(st(1000), 'linux', false, 1000)).toBe('owned by user id 1000, not by root');
    expect(unsafeOwner(st(1000), 'linux', true, 1000)).toBeNull();
    expect(unsafeOwner(st(1001), 'linux', true, 1000)).toBe('owned by user id 1001, not by root');
    expect(unsafeOwner(st(1001), 'darwin', false, 1000)).toBe('owned by user id 1001, not by root');
  });

  it.skipIf(!isRoot)('a file another user owns is ignored with a notice (real chown)', () => {
    const file = writePolicy(tempDir(), { defaultCountry: { value: 'DE', locked: true } });
    fs.chownSync(file, 65534, 65534);
    // the user running FaxDesk is root here: the file belongs to someone else
    const p = read(file, 0);
    expect(p.notices).toEqual([{ file, key: null, problem: 'unsafe_owner', detail: 'owned by user id 65534, not by root' }]);
    expect(p.managed).toEqual({});
  });
});

describe('the policy’s company directories', () => {
  const directory = fullPolicy.directories.value[0]!;
  const start = async (dataDir: string, locked: boolean, dirs = [directory]) =>
    makeTestServices({ dataDir }, { policy: read(writePolicy(tempDir(), { directories: { value: dirs, ...(locked ? { locked: true } : {}) } })) });

  it('a default directory is added once; one the user removed stays removed', async () => {
    const dataDir = tempDir();
    let t = await start(dataDir, false);
    try {
      const listed = await t.services.directories.list();
      expect(listed).toEqual([expect.objectContaining({ name: 'Head office', url: 'ldaps://dc1.example.com', baseDn: 'ou=people,dc=example,dc=com', hasPassword: false })]);
      await t.services.directories.remove(listed[0]!.id);
    } finally {
      await t.cleanup();
    }
    t = await start(dataDir, false);
    try {
      expect(await t.services.directories.list()).toEqual([]);
    } finally {
      await t.cleanup();
    }
  });

  it('a locked directory is marked, cannot be changed or removed in the session (its password stays the user’s); the user’s own stay theirs', async () => {
    const dataDir = tempDir();
    let t = await start(dataDir, true);
    try {
      const [managed] = await t.services.directories.list();
      expect(managed).toMatchObject({ name: 'Head office', managed: 'locked' });
      await expect(t.services.directories.save({ ...directory, id: managed!.id, filter: '(cn=*)' })).rejects.toMatchObject({ code: 'settings.locked' });
      await expect(t.services.directories.save({ ...directory, id: managed!.id, url: 'ldap://evil.example.net', allowPlain: true })).rejects.toMatchObject({
        code: 'settings.locked',
      });
      await expect(t.services.directories.remove(managed!.id)).rejects.toMatchObject({ code: 'settings.locked' });
      // the same fields with the user's password: allowed
      expect(await t.services.directories.save({ ...directory, id: managed!.id, password: 'reader-pw' })).toMatchObject({ managed: 'locked', filter: '(facsimileTelephoneNumber=*)' });
      const mine = await t.services.directories.save({ ...directory, name: 'Mine', url: 'ldaps://ldap.example.org' });
      expect(mine.managed).toBeUndefined();
      expect(await t.services.directories.save({ ...directory, id: mine.id, name: 'Mine', url: 'ldaps://ldap.example.org', filter: '(cn=*)' })).toMatchObject({ filter: '(cn=*)' });
    } finally {
      await t.cleanup();
    }
    t = await start(dataDir, true);
    try {
      const list = await t.services.directories.list();
      expect(list.map((d) => [d.name, d.filter, d.managed ?? null])).toEqual([
        ['Head office', '(facsimileTelephoneNumber=*)', 'locked'],
        ['Mine', '(cn=*)', null],
      ]);
      expect(await t.services.directories.remove(list[1]!.id)).toBe(true);
    } finally {
      await t.cleanup();
    }
  });

  it('a default (unlocked) directory is marked as preset and stays the user’s to change', async () => {
    const t = await start(tempDir(), false);
    try {
      const [preset] = await t.services.directories.list();
      expect(preset).toMatchObject({ managed: 'default' });
      expect(await t.services.directories.save({ ...directory, id: preset!.id, filter: '(cn=*)' })).toMatchObject({ filter: '(cn=*)', managed: 'default' });
    } finally {
      await t.cleanup();
    }
  });
});
