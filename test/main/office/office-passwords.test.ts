/**
 * The office database password is kept exactly as typed and bound to the
 * server, the user and the protection it was saved with (the directories'
 * bound store): it is never read back for a weaker connection, another server
 * or another user. An earlier build's entries (the API secret's keyed store)
 * are found once and moved.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBound, memoryKeytar } from '@main/credentials/bound-passwords';
import type { KeytarLike } from '@main/credentials/secret-store';
import { createKeychainSecretStore, loadKeytar } from '@main/credentials/secret-store';
import { keychainUnavailable } from '../../helpers/keychain';
import { createLogger } from '@main/log';
import { createOfficePasswords, legacyOfficeKey } from '@main/office/office-passwords';

const server = { host: 'DB.Office.example', port: 5432, user: 'reception' };
const SERVICE = 'FaxDesk-test';
const memory = () => createOfficePasswords({ service: SERVICE, kind: 'memory' });

describe('office outbox passwords', () => {
  it('a password with leading or trailing spaces comes back exactly as typed', async () => {
    const pw = memory();
    await pw.set(server, 'tls-verified', '  Spaced pw 7 ');
    expect(await pw.get(server, 'tls-verified')).toBe('  Spaced pw 7 ');
    await pw.set(server, 'tls-verified', '   ');
    expect(await pw.get(server, 'tls-verified')).toBe('   ');
  });

  it('a password saved for a verified TLS connection is never given to an unencrypted one (and the lookup says why)', async () => {
    const pw = memory();
    await pw.set(server, 'tls-verified', 'Tls-Only-9x');
    expect(await pw.get(server, 'tls-verified')).toBe('Tls-Only-9x');
    expect(await pw.get(server, 'plain')).toBeNull();
    expect(await pw.lookup(server, 'plain')).toEqual({ state: 'weaker', savedWith: 'tls-verified' });
  });

  it('a password saved for an unencrypted connection may be used over TLS; typed again for TLS, it is bound to TLS', async () => {
    const pw = memory();
    await pw.set(server, 'plain', 'Plain-Pw-4');
    expect(await pw.get(server, 'plain')).toBe('Plain-Pw-4');
    expect(await pw.get(server, 'tls-verified')).toBe('Plain-Pw-4');
    await pw.set(server, 'tls-verified', 'Tls-Pw-5');
    expect(await pw.get(server, 'tls-verified')).toBe('Tls-Pw-5');
    expect(await pw.get(server, 'plain')).toBeNull();
  });

  it('another server, port or user finds nothing; the host is not case-sensitive', async () => {
    const pw = memory();
    await pw.set(server, 'tls-verified', 'Pw-1');
    expect(await pw.get({ ...server, host: 'db.office.example' }, 'tls-verified')).toBe('Pw-1');
    expect(await pw.get({ ...server, host: 'db2.office.example' }, 'tls-verified')).toBeNull();
    expect(await pw.get({ ...server, port: 5433 }, 'tls-verified')).toBeNull();
    expect(await pw.get({ ...server, user: 'accounts' }, 'tls-verified')).toBeNull();
  });

  it('a host or user typed with spaces around it finds the same password', async () => {
    const pw = memory();
    await pw.set(server, 'tls-verified', 'Pw-1');
    expect(await pw.get({ ...server, host: '  db.office.example ', user: ' reception  ' }, 'tls-verified')).toBe('Pw-1');
  });

  it('an earlier build’s entry saved only for an unencrypted connection is moved as such: usable without TLS and with it', async () => {
    const keytar = memoryKeytar();
    const legacy = createKeychainSecretStore({ service: SERVICE, keytar });
    // as the earlier build wrote it: the host in lower case, the user trimmed
    await legacy.set({ origin: 'postgresql+plain://db.office.example:5432', account: 'reception' }, 'Old-Plain-Pw');
    const pw = createOfficePasswords({ service: SERVICE, kind: 'keychain', keytar });
    // found with the host and user as typed now (case, spaces around them)
    expect(await pw.lookup({ ...server, host: ' db.office.EXAMPLE ', user: ' reception ' }, 'plain')).toEqual({ state: 'usable', password: 'Old-Plain-Pw', savedWith: 'plain' });
    expect(await pw.get(server, 'tls-verified')).toBe('Old-Plain-Pw');
    expect(await legacy.get(legacyOfficeKey(server, 'plain'))).toBeNull();
  });

  it('clear also removes an earlier build’s entries not moved yet', async () => {
    const keytar = memoryKeytar();
    const legacy = createKeychainSecretStore({ service: SERVICE, keytar });
    await legacy.set(legacyOfficeKey(server, 'tls-verified'), 'Old-Tls-Pw');
    await legacy.set(legacyOfficeKey(server, 'plain'), 'Old-Plain-Pw');
    const pw = createOfficePasswords({ service: SERVICE, kind: 'keychain', keytar });
    await pw.clear(server);
    expect(await legacy.get(legacyOfficeKey(server, 'tls-verified'))).toBeNull();
    expect(await legacy.get(legacyOfficeKey(server, 'plain'))).toBeNull();
    expect(await pw.lookup(server, 'plain')).toEqual({ state: 'none' });
    expect(pw.kind).toBe('keychain');
  });

  it('a password read from the keychain (saved in an earlier run) never reaches a log line, handed out or not', async () => {
    const keytar = memoryKeytar();
    const account = 'postgresql://db.office.example:5432 reception';
    const lines: string[] = [];
    const log = createLogger((l) => lines.push(l));
    await keytar.setPassword(SERVICE, account, encodeBound('tls-verified', `Yesterday-${process.pid}-Kq7`));
    const pw = createOfficePasswords({ service: SERVICE, kind: 'keychain', keytar });
    expect(await pw.get(server, 'tls-verified')).toBe(`Yesterday-${process.pid}-Kq7`);
    log.warn(`office outbox: could not sign in with Yesterday-${process.pid}-Kq7`);
    // stored for TLS and asked for by an unencrypted connection: not handed out, still kept out of the log
    await keytar.setPassword(SERVICE, account, encodeBound('tls-verified', `Stronger-${process.pid}-Zp3`));
    expect(await pw.lookup(server, 'plain')).toEqual({ state: 'weaker', savedWith: 'tls-verified' });
    log.warn(`office outbox: typed Stronger-${process.pid}-Zp3 again`);
    expect(lines.join('\n')).not.toMatch(/Yesterday-|Stronger-/);
    expect(lines).toHaveLength(2);
  });

  it('a password typed now is the one used, though an earlier build’s entry is still in the keychain', async () => {
    const keytar = memoryKeytar();
    const legacy = createKeychainSecretStore({ service: SERVICE, keytar });
    await legacy.set(legacyOfficeKey(server, 'tls-verified'), 'Old-Tls-Pw');
    const pw = createOfficePasswords({ service: SERVICE, kind: 'keychain', keytar });
    await pw.set(server, 'tls-verified', 'Typed-Now-3');
    expect(await pw.get(server, 'tls-verified')).toBe('Typed-Now-3');
    expect(await pw.get(server, 'tls-verified')).toBe('Typed-Now-3');
  });

  it('an empty password saved counts as none: the user is asked for one, nothing empty is sent', async () => {
    const pw = memory();
    await pw.set(server, 'plain', '');
    expect(await pw.lookup(server, 'plain')).toEqual({ state: 'none' });
    expect(await pw.get(server, 'tls-verified')).toBeNull();
  });

  it('a keychain that does not answer: the user is told to unlock it, never the system’s own message', async () => {
    // the OS keychain failing (locked, no session bus) cannot be caused on purpose: a keychain that refuses stands in
    const refusing: KeytarLike = {
      getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      setPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      deletePassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    };
    const pw = createOfficePasswords({ service: SERVICE, kind: 'keychain', keytar: refusing });
    for (const attempt of [pw.get(server, 'tls-verified'), pw.set(server, 'plain', 'Pw-1'), pw.clear(server)]) {
      const e = (await attempt.catch((x: unknown) => x)) as { code?: string; message?: string };
      expect(e.code).toBe('credentials.keychain_failed');
      expect(e.message).toMatch(/keychain did not respond\. Unlock it/);
      expect(e.message).not.toMatch(/X11|D-Bus/);
    }
  });

  it('clear removes the password', async () => {
    const pw = memory();
    await pw.set(server, 'tls-verified', 'Pw-1');
    await pw.clear(server);
    expect(await pw.lookup(server, 'tls-verified')).toEqual({ state: 'none' });
  });

  it('an earlier build’s entry (one per protection in the keyed store) is moved once, keeping its protection', async () => {
    const keytar = memoryKeytar();
    const legacy = createKeychainSecretStore({ service: SERVICE, keytar });
    await legacy.set(legacyOfficeKey(server, 'tls-verified'), 'Old-Tls-Pw');
    await legacy.set(legacyOfficeKey(server, 'plain'), 'Old-Plain-Pw');
    const pw = createOfficePasswords({ service: SERVICE, kind: 'keychain', keytar });
    expect(await pw.get(server, 'tls-verified')).toBe('Old-Tls-Pw');
    // moved: the old entries are gone, the bound one keeps verified TLS
    expect(await legacy.get(legacyOfficeKey(server, 'tls-verified'))).toBeNull();
    expect(await legacy.get(legacyOfficeKey(server, 'plain'))).toBeNull();
    expect(await pw.lookup(server, 'plain')).toEqual({ state: 'weaker', savedWith: 'tls-verified' });
  });

  it('the keychain entry names the server and the user', async () => {
    const keytar = memoryKeytar();
    await createOfficePasswords({ service: SERVICE, kind: 'keychain', keytar }).set(server, 'plain', 'Pw-2');
    expect(await keytar.getPassword(SERVICE, 'postgresql://db.office.example:5432 reception')).toContain('Pw-2');
  });
});

/** A service name of its own, so a developer's real FaxDesk entries are never touched. */
const REAL_SERVICE = `FaxDesk-test-office-${process.pid}`;


const skipReason = await keychainUnavailable(REAL_SERVICE);
if (skipReason) console.log(`[office-passwords] real keychain test skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('office outbox passwords in the OS keychain', () => {
  afterAll(async () => {
    await createOfficePasswords({ service: REAL_SERVICE, kind: 'keychain' }).clear(server);
  });

  it('a password saved in one run is found by the next (a new store, the real keychain), still bound to its protection', async () => {
    await createOfficePasswords({ service: REAL_SERVICE, kind: 'keychain' }).set(server, 'tls-verified', 'Kept-Across-Runs-4');
    const next = createOfficePasswords({ service: REAL_SERVICE, kind: 'keychain' });
    expect(await next.get(server, 'tls-verified')).toBe('Kept-Across-Runs-4');
    expect(await next.lookup(server, 'plain')).toEqual({ state: 'weaker', savedWith: 'tls-verified' });
    expect(await (await loadKeytar()).getPassword(REAL_SERVICE, 'postgresql://db.office.example:5432 reception')).toContain('Kept-Across-Runs-4');
  });

  it('a store kept in memory (the keychain was refused at start) writes nothing to the OS keychain', async () => {
    const other = { ...server, user: 'memory-only' };
    const kept = createOfficePasswords({ service: REAL_SERVICE, kind: 'memory' });
    await kept.set(other, 'plain', 'Only-In-Memory-5');
    expect(await kept.get(other, 'plain')).toBe('Only-In-Memory-5');
    expect(await (await loadKeytar()).getPassword(REAL_SERVICE, 'postgresql://db.office.example:5432 memory-only')).toBeNull();
  });
});
