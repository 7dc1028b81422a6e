/**
 * A hostile or spoofed directory (a hand-written LDAP server) cannot bloat
 * main: entries over 64 KB are dropped as they stream, a search stops at
 * 4 MB, values over 8 KB are never kept or shown; whatever was cut, the
 * answer says it is incomplete.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIRECTORY_BYTE_LIMITS } from '@main/directory/byte-guard';
import { createBindPasswords } from '@main/directory/bind-passwords';
import { createDirectoryService, MAX_INDEX_BYTES, type DirectoryService } from '@main/directory/directory-service';
import { createLogger } from '@main/log';
import { DEFAULT_ATTRIBUTES, DEFAULT_DIRECTORY_FILTER, type DirectorySearchResult } from '@shared/directory/types';
import { entry, startHostileLdap, type HostileLdap } from '../../helpers/hostile-ldap';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function hostile(answer: () => Iterable<Buffer[]>): Promise<HostileLdap> {
  const server = await startHostileLdap(answer);
  closers.push(() => server.close());
  return server;
}

async function directoryAt(url: string): Promise<{ directories: DirectoryService; id: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-hostile-'));
  const directories = createDirectoryService({
    dataDir,
    log: createLogger(() => {}),
    passwords: createBindPasswords({ service: 'test', kind: 'memory' }),
    defaultCountry: () => 'CN',
    localNames: () => new Map(),
  });
  closers.push(async () => {
    directories.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const saved = await directories.save({
    name: 'Spoofed',
    url,
    startTls: false,
    allowPlain: false,
    bindDn: 'cn=reader,dc=example,dc=com',
    baseDn: 'dc=example,dc=com',
    filter: DEFAULT_DIRECTORY_FILTER,
    attributes: { name: [...DEFAULT_ATTRIBUTES.name], company: [...DEFAULT_ATTRIBUTES.company], fax: [...DEFAULT_ATTRIBUTES.fax], extraFax: [...DEFAULT_ATTRIBUTES.extraFax] },
    password: 'pw',
  });
  return { directories, id: saved.id };
}

const person = (i: number, extra: Record<string, Array<Buffer | string>> = {}) =>
  entry(`uid=p${i},dc=example,dc=com`, { cn: [`Person ${i}`], facsimileTelephoneNumber: [`+86 10 6${String(i).padStart(7, '0')}`], ...extra });

describe('a hostile directory cannot bloat main', () => {
  it('2,000 entries of 100 KB: each is dropped as it streams; the real people among them are found and the answer says it is incomplete', async () => {
    const blob = Buffer.alloc(100 * 1024, 'x');
    const server = await hostile(function* () {
      for (let i = 0; i < 2000; i += 1) yield i % 500 === 0 ? person(i) : person(i, { description: [blob] });
    });
    const { directories, id } = await directoryAt(server.url);
    const r = await directories.search(id, '+86 10 6000 1500', 'r1');
    expect(r.entries.map((e) => e.name)).toEqual(['Person 1500']);
    expect(r.truncated).toMatchObject({ reason: 'bytes', read: 4 });
    // What the session keeps is the four real entries, not 200 MB.
    expect(directories.heldBytes()).toBeLessThan(64 * 1024);
    expect(JSON.stringify(r).length).toBeLessThan(4 * 1024);
  }, 60_000);

  it('more than 4 MB of entries in one search: the connection ends there, the answer is what came before, marked incomplete', async () => {
    const filler = Buffer.alloc(40 * 1024, 'y');
    const server = await hostile(function* () {
      for (let i = 0; i < 400; i += 1) yield person(i, { description: [filler] }); // ~16 MB of entries under 64 KB each
    });
    const { directories, id } = await directoryAt(server.url);
    const r: DirectorySearchResult = await directories.search(id, 'Person', 'r2');
    // This server sends everything as one page, and a page counts only once it is whole: nothing of it is kept.
    expect(r).toEqual({ directoryId: id, entries: [], truncated: { reason: 'bytes', shown: 0 } });
    expect(directories.heldBytes()).toBeLessThan(1024);
  }, 60_000);

  it('one 64 MB value does not hold the search until its timeout: it is skipped and the people after it are found', async () => {
    const huge = Buffer.alloc(64 * 1024 * 1024, 'z');
    const server = await hostile(function* () {
      yield person(1);
      yield person(2, { description: [huge] });
      yield person(3);
    });
    const { directories, id } = await directoryAt(server.url);
    const r = await directories.search(id, 'Person', 'r3');
    expect(r.entries.map((e) => e.name)).toEqual(['Person 1', 'Person 3']);
    expect(r.truncated).toMatchObject({ reason: 'bytes' });
  }, 60_000);

  it('a value over 8 KB is never kept or shown: the name falls back to the next attribute', async () => {
    const longName = 'N'.repeat(DIRECTORY_BYTE_LIMITS.valueBytes + 1);
    const okName = 'M'.repeat(DIRECTORY_BYTE_LIMITS.valueBytes);
    const server = await hostile(function* () {
      yield entry('uid=a,dc=example,dc=com', { displayName: [longName], cn: ['Short Name'], facsimileTelephoneNumber: ['+86 10 6000 0001'] });
      yield entry('uid=b,dc=example,dc=com', { displayName: [okName], cn: ['Other'], facsimileTelephoneNumber: ['+86 10 6000 0002'] });
    });
    const { directories, id } = await directoryAt(server.url);
    const r = await directories.search(id, 'Name', 'r4');
    expect(r.entries.map((e) => e.name).sort()).toEqual([okName, 'Short Name'].sort());
    expect(JSON.stringify(r)).not.toContain(longName);
    expect(r.truncated).toBeNull();
  });

  it('number indexes stay within their shared budget: the oldest is dropped and read again when asked', async () => {
    const longName = 'L'.repeat(4000);
    const server = await hostile(function* () {
      for (let i = 0; i < 380; i += 1) yield entry(`uid=p${i},dc=example,dc=com`, { cn: [`${longName}${i}`], facsimileTelephoneNumber: [`+86 10 6${String(i).padStart(7, '0')}`] });
    });
    const { directories, id: first } = await directoryAt(server.url);
    const more: string[] = [];
    for (const name of ['Second', 'Third']) {
      const { id: _id, hasPassword: _has, ...fields } = (await directories.list())[0]!;
      const d = await directories.save({ ...fields, name, password: 'pw' });
      more.push(d.id);
    }
    await directories.search(first, '+86 10 6000 0001', 'i1');
    const one = directories.heldBytes();
    expect(one).toBeGreaterThan(MAX_INDEX_BYTES / 3);
    for (const id of more) await directories.search(id, '+86 10 6000 0001', `i-${id}`);
    expect(directories.heldBytes()).toBeLessThanOrEqual(MAX_INDEX_BYTES + 3 * 64 * 1024);
    const searches = server.searches;
    // Another number in the first directory: its index was dropped, so it is read again.
    const again = await directories.search(first, '+86 10 6000 0002', 'i2');
    expect(again.entries).toHaveLength(1);
    expect(server.searches).toBe(searches + 1);
  }, 60_000);
});
