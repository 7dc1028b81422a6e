/**
 * Directory bind passwords in the real OS keychain (gnome-keyring over
 * D-Bus; run with /tmp/runtests.sh or as test/main/credentials describes),
 * against a real slapd: stored per server + bind DN, used from there after a
 * restart, and never sent to a server it was not typed for.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeytar, type KeytarLike } from '@main/credentials/secret-store';
import { encodeBound } from '@main/credentials/bound-passwords';
import { bindPasswordAccount, createBindPasswords } from '@main/directory/bind-passwords';
import { createDirectoryService, type DirectoryService } from '@main/directory/directory-service';
import { directoryHandlers } from '@main/ipc/handlers/directory';
import { dispatch } from '@main/ipc/dispatch';
import { createLogger } from '@main/log';
import { DEFAULT_ATTRIBUTES, DEFAULT_DIRECTORY_FILTER } from '@shared/directory/types';
import { PEOPLE_DN, READER_DN, READER_PW, slapdMissing, startSlapd, type RunningSlapd } from '../../helpers/slapd';
import { keychainUnavailable } from '../../helpers/keychain';

const SERVICE = `FaxDesk-test-ldap-${process.pid}`;

const skip = slapdMissing() ?? (await keychainUnavailable(SERVICE));
if (skip) console.warn(`bind password keychain tests skipped: ${skip}`);

describe.skipIf(skip)('directory bind passwords in the OS keychain', () => {
  let slapd: RunningSlapd;
  let keytar: KeytarLike;
  let dataDir: string;
  const logLines: string[] = [];
  const open = (): DirectoryService =>
    createDirectoryService({
      dataDir,
      log: createLogger((l) => logLines.push(l)),
      passwords: createBindPasswords({ service: SERVICE, kind: 'keychain' }),
      defaultCountry: () => 'CN',
      localNames: () => new Map(),
    });
  const call = (s: DirectoryService, name: string, input: unknown) => dispatch(directoryHandlers(s), name, input);
  const fields = () => ({
    name: 'Office',
    url: slapd.url,
    startTls: false,
    allowPlain: false,
    bindDn: READER_DN,
    baseDn: PEOPLE_DN,
    filter: DEFAULT_DIRECTORY_FILTER,
    attributes: { name: [...DEFAULT_ATTRIBUTES.name], company: [...DEFAULT_ATTRIBUTES.company], fax: [...DEFAULT_ATTRIBUTES.fax], extraFax: [...DEFAULT_ATTRIBUTES.extraFax] },
  });

  beforeAll(async () => {
    slapd = await startSlapd({ people: [] });
    keytar = await loadKeytar();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-ldap-keychain-'));
  }, 60_000);

  afterAll(async () => {
    for (const url of [slapd?.url, slapd?.url.replace('127.0.0.1', 'localhost')]) {
      if (url) await keytar?.deletePassword(SERVICE, bindPasswordAccount(url, READER_DN)).catch(() => false);
    }
    await slapd?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the password in the keychain under the server and bind DN, and uses it after a restart', async () => {
    const first = open();
    const saved = await call(first, 'saveDirectory', { ...fields(), password: READER_PW });
    expect(saved).toMatchObject({ ok: true, value: { hasPassword: true } });
    expect(JSON.stringify(saved)).not.toContain(READER_PW);
    // The same server and DN however they are written: one entry.
    expect(await keytar.getPassword(SERVICE, bindPasswordAccount(`${slapd.url.toUpperCase().replace('LDAP:', 'ldap:')}/`, ` CN=Fax Reader , ou=service,dc=example,dc=com`))).toBe(
      encodeBound('plain', READER_PW),
    );
    expect(fs.readFileSync(path.join(dataDir, 'directories.json'), 'utf8')).not.toContain(READER_PW);
    first.close();

    const second = open();
    const id = ((await call(second, 'listDirectories', undefined)) as { ok: true; value: Array<{ id: string; hasPassword: boolean }> }).value[0]!;
    expect(id.hasPassword).toBe(true);
    // No password typed: the stored one binds (the people branch is empty here, so the answer is "no results", past the bind).
    expect(await call(second, 'testDirectory', fields())).toMatchObject({ ok: false, error: { code: 'directory.no_results' } });
    expect(logLines.join('\n')).not.toContain(READER_PW);
    second.close();
  });

  it('does not send a stored password to another server: a changed address asks for it again', async () => {
    const s = open();
    const list = (await call(s, 'listDirectories', undefined)) as { ok: true; value: Array<{ id: string }> };
    const id = list.value[0]!.id;
    const moved = { ...fields(), url: slapd.url.replace('127.0.0.1', 'localhost') };
    expect(await call(s, 'testDirectory', moved)).toMatchObject({ ok: false, error: { code: 'directory.no_password' } });
    const saved = await call(s, 'saveDirectory', { id, ...moved });
    expect(saved).toMatchObject({ ok: true, value: { hasPassword: false } });
    // The old server's entry went with it (no other directory uses it).
    expect(await keytar.getPassword(SERVICE, bindPasswordAccount(slapd.url, READER_DN))).toBeNull();
    const deleted = await call(s, 'saveDirectory', { id, ...moved, password: READER_PW });
    expect(deleted).toMatchObject({ ok: true, value: { hasPassword: true } });
    expect(await call(s, 'deleteDirectory', { id })).toEqual({ ok: true, value: { deleted: true } });
    expect(await keytar.getPassword(SERVICE, bindPasswordAccount(moved.url, READER_DN))).toBeNull();
    s.close();
  });
});
