/**
 * Directory phonebooks against a real OpenLDAP server (Debian's slapd), which
 * this file starts on loopback with ~1,000 generated people and stops at the
 * end. Everything goes through the real IPC dispatch, so results are what
 * the window would receive.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client, SizeLimitExceededError } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { DEFAULT_ATTRIBUTES, DEFAULT_DIRECTORY_FILTER, type DirectorySearchResult, type SaveDirectoryInput } from '@shared/directory/types';
import type { IpcResult } from '@shared/ipc/define';
import { makeTestServices, type TestServices } from '../../helpers/services';
import {
  LIMITED_DN,
  LIMITED_PW,
  LIMITED_TOTAL,
  PEOPLE_DN,
  READER_DN,
  READER_PW,
  SERVER_SIZE_LIMIT,
  slapdMissing,
  startSlapd,
  type RunningSlapd,
} from '../../helpers/slapd';

const missing = slapdMissing();
let slapd: RunningSlapd;
let t: TestServices;

/** A TCP relay in front of slapd that counts connections, or accepts and never answers ("hang"). */
interface Relay {
  url: string;
  connections: number;
  mode: 'pipe' | 'hang';
  close(): Promise<void>;
}

async function relay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const r: Relay = { url: '', connections: 0, mode: 'pipe', close: async () => {} };
  const server = net.createServer((client) => {
    r.connections += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (r.mode === 'hang') return;
    const upstream = net.connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `ldap://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  r.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return r;
}

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

function fields(overrides: Partial<SaveDirectoryInput> = {}): SaveDirectoryInput {
  return {
    name: 'Head office',
    url: slapd.url,
    startTls: false,
    allowPlain: false,
    bindDn: READER_DN,
    baseDn: PEOPLE_DN,
    filter: DEFAULT_DIRECTORY_FILTER,
    attributes: { name: [...DEFAULT_ATTRIBUTES.name], company: [...DEFAULT_ATTRIBUTES.company], fax: [...DEFAULT_ATTRIBUTES.fax], extraFax: [...DEFAULT_ATTRIBUTES.extraFax] },
    ...overrides,
  };
}

async function call<T>(name: string, input: unknown): Promise<IpcResult<T>> {
  return (await dispatch(t.services.handlers, name, input)) as IpcResult<T>;
}

async function value<T>(name: string, input: unknown): Promise<T> {
  const r = await call<T>(name, input);
  if (!r.ok) throw new Error(`${name} failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}

async function saved(overrides: Partial<SaveDirectoryInput> = {}): Promise<string> {
  const d = await value<{ id: string }>('saveDirectory', { password: READER_PW, ...fields(overrides) });
  return d.id;
}

let nextRequest = 0;
const search = (directoryId: string, query: string) =>
  call<DirectorySearchResult>('searchDirectory', { directoryId, query, requestId: `r${(nextRequest += 1)}` });

describe.skipIf(missing)('directory phonebooks against a real OpenLDAP server', () => {
  beforeAll(async () => {
    slapd = await startSlapd({ tls: true });
    t = await makeTestServices({}, { directoryCa: [] });
  }, 60_000);

  afterAll(async () => {
    await t?.cleanup();
    await slapd?.stop();
  });

  it('finds people by Chinese and Latin name, with every fax number normalized and bad ones given a reason', async () => {
    const id = await saved();
    const zhang = await search(id, '张伟');
    expect(zhang.ok && zhang.value.entries.find((e) => e.company === '北京远航贸易有限公司')).toMatchObject({
      name: '张伟',
      numbers: [{ raw: '+86 10 8888 1234', ok: true, number: '861088881234' }],
    });
    const alice = await value<DirectorySearchResult>('searchDirectory', { directoryId: id, query: 'alice mart', requestId: 'a' });
    expect(alice.entries).toEqual([
      {
        dn: `uid=p0002,${PEOPLE_DN}`,
        name: 'Alice Martin',
        company: 'Acme Trading GmbH',
        numbers: [
          { raw: '+49 30 1234 5670', ok: true, number: '493012345670', unlikely: false },
          { raw: '+49 30 1234 5671', ok: true, number: '493012345671', unlikely: false },
        ],
      },
    ]);
    // The Active Directory "other" fax attribute adds numbers; national numbers take the default country (CN).
    const ouyang = await value<DirectorySearchResult>('searchDirectory', { directoryId: id, query: '欧阳', requestId: 'b' });
    expect(ouyang.entries[0]?.numbers.map((n) => n.ok && n.number)).toEqual(['862161234567', '862161234599']);
    const bad = await value<DirectorySearchResult>('searchDirectory', { directoryId: id, query: '王小明', requestId: 'c' });
    expect(bad.entries.find((e) => e.dn.startsWith('uid=p0005'))?.numbers).toEqual([
      { raw: '12345', ok: false, reason: 'too_short', message: expect.stringMatching(/too short/) },
    ]);
    // People without a fax number are not offered (the default filter).
    expect((await value<DirectorySearchResult>('searchDirectory', { directoryId: id, query: 'Nofax', requestId: 'd' })).entries).toEqual([]);
  });

  it('finds people by company, paging past the server size limit', async () => {
    const id = await saved();
    const expected = slapd.people.filter((p) => p.company === '上海华东物流有限公司' && p.fax.length > 0).length;
    expect(expected).toBeGreaterThan(SERVER_SIZE_LIMIT);
    // Without paging the server stops at its limit: the paging below is what gets everyone.
    const raw = new Client({ url: slapd.url });
    await raw.bind(READER_DN, READER_PW);
    await expect(raw.search(PEOPLE_DN, { filter: '(o=*华东物流*)' })).rejects.toBeInstanceOf(SizeLimitExceededError);
    await raw.unbind();

    const r = await value<DirectorySearchResult>('searchDirectory', { directoryId: id, query: '华东物流', requestId: 'e' });
    expect(r.entries).toHaveLength(expected);
    expect(r.truncated).toBeNull();
    expect(new Set(r.entries.map((e) => e.dn)).size).toBe(expected);
  });

  it('finds people by fax number however it is written, in the directory or in the search box', async () => {
    const id = await saved();
    for (const typed of ['010 8888 1234', '+86 10 8888 1234', '8888-1234', '００８６１０８８８８１２３４']) {
      const r = await value<DirectorySearchResult>('searchDirectory', { directoryId: id, query: typed, requestId: `n-${typed}` });
      expect(r.entries.map((e) => e.name), typed).toContain('张伟');
    }
    const other = await value<DirectorySearchResult>('searchDirectory', { directoryId: id, query: '(021) 6123-4599', requestId: 'n2' });
    expect(other.entries.map((e) => e.name)).toEqual(['欧阳娜娜']);
  });

  it('caps a very broad search and says so', async () => {
    const id = await saved();
    const r = await value<DirectorySearchResult>('searchDirectory', { directoryId: id, query: 'a', requestId: 'broad' });
    expect(r.entries).toHaveLength(200);
    expect(r.truncated).toEqual({ reason: 'cap', shown: 200 });
  });

  it('tests a connection: counts the entries, and names each failure', async () => {
    const ok = await value<{ entries: number; sample: string[]; security: string }>('testDirectory', { ...fields(), password: READER_PW });
    expect(ok.entries).toBe(slapd.people.filter((p) => p.fax.length > 0).length);
    expect(ok.sample).toHaveLength(3);
    expect(ok.security).toBe('none');

    const codeOf = async (input: unknown) => {
      const r = await call('testDirectory', input);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(await codeOf({ ...fields(), password: 'wrong-password' })).toBe('directory.bad_credentials');
    // A server that never answered in LDAP gets one plain answer, whatever the reason (directory-probes.test.ts).
    expect(await codeOf({ ...fields({ url: `ldap://127.0.0.1:${await closedPort()}` }), password: READER_PW })).toBe('directory.no_directory');
    expect(await codeOf({ ...fields({ url: slapd.ldapsUrl! }), password: READER_PW })).toBe('directory.no_directory');
    expect(await codeOf({ ...fields({ filter: '(facsimileTelephoneNumber=nobody-has-this)' }), password: READER_PW })).toBe('directory.no_results');
    expect(await codeOf({ ...fields({ bindDn: LIMITED_DN }), password: LIMITED_PW })).toBe('directory.size_limit');
    expect(await codeOf({ ...fields({ baseDn: 'ou=nowhere,dc=example,dc=com' }), password: READER_PW })).toBe('directory.bad_base');
    expect(await codeOf({ ...fields({ filter: '(cn=unclosed' }), password: READER_PW })).toBe('directory.bad_filter');
    // Refused before any byte is sent: plain LDAP to another computer needs the user's explicit consent.
    expect(await codeOf({ ...fields({ url: 'ldap://directory.example.com' }), password: READER_PW })).toBe('directory.plain_refused');

    const tlsMessage = await call('testDirectory', { ...fields({ url: slapd.ldapsUrl! }), password: READER_PW });
    expect(tlsMessage.ok ? '' : tlsMessage.error.message).toMatch(/127\.0\.0\.1:\d+: .*certificate is not trusted by this computer/);
    const limited = await call('testDirectory', { ...fields({ bindDn: LIMITED_DN }), password: LIMITED_PW });
    expect(limited.ok ? '' : limited.error.message).toMatch(/size limit for this account/);
    // A search as that account over more than its limit says the same, instead of showing a silent part.
    const limitedId = await saved({ name: 'Limited', bindDn: LIMITED_DN, password: LIMITED_PW });
    const many = await search(limitedId, '华东物流');
    expect(many).toMatchObject({ ok: false, error: { code: 'directory.size_limit' } });
    const few = await search(limitedId, 'Alice');
    expect(few.ok && few.value.entries.length).toBeLessThan(LIMITED_TOTAL);
  });

  it('searches over ldaps or StartTLS once the certificate is trusted, and not before', async () => {
    expect(await call('testDirectory', { ...fields({ startTls: true }), password: READER_PW })).toMatchObject({
      ok: false,
      error: { code: 'directory.tls_untrusted' },
    });
    const trusting = await makeTestServices({}, { directoryCa: [slapd.certPem!] });
    try {
      const r = await dispatch(trusting.services.handlers, 'testDirectory', { ...fields({ url: slapd.ldapsUrl! }), password: READER_PW });
      expect(r).toMatchObject({ ok: true, value: { security: 'ldaps' } });
      const upgraded = await dispatch(trusting.services.handlers, 'testDirectory', { ...fields({ startTls: true }), password: READER_PW });
      expect(upgraded).toMatchObject({ ok: true, value: { security: 'starttls' } });
    } finally {
      await trusting.cleanup();
    }
  });

  it('a failing or hanging directory never holds up another one', async () => {
    const good = await saved({ name: 'Good' });
    const down = await saved({ name: 'Down', url: `ldap://127.0.0.1:${await closedPort()}` });
    const stuck = await relay(slapd.url);
    stuck.mode = 'hang';
    try {
      const hanging = await saved({ name: 'Stuck', url: stuck.url });
      const hangingSearch = dispatch(t.services.handlers, 'searchDirectory', { directoryId: hanging, query: 'Alice', requestId: 'stuck' });
      const [g, d] = await Promise.all([search(good, 'Alice'), search(down, 'Alice')]);
      expect(g.ok && g.value.entries.map((e) => e.name)).toEqual(['Alice Martin']);
      expect(d).toMatchObject({ ok: false, error: { code: 'directory.no_directory' } });
      // The stuck one is still waiting; the user types on, and the picker cancels it.
      expect(await value('cancelDirectorySearch', { requestId: 'stuck' })).toEqual({ canceled: true });
      expect(await hangingSearch).toMatchObject({ ok: false, error: { code: 'directory.canceled' } });
    } finally {
      await stuck.close();
    }
  });

  it('keeps results for the session and asks the server again after the directory changes', async () => {
    const counting = await relay(slapd.url);
    try {
      const id = await saved({ name: 'Counted', url: counting.url, allowPlain: false });
      await search(id, 'Zoë');
      await search(id, 'zoë');
      expect(counting.connections).toBe(1);
      await value('saveDirectory', { id, ...fields({ name: 'Counted', url: counting.url }), password: READER_PW });
      const again = await search(id, 'Zoë');
      expect(again.ok && again.value.entries.map((e) => e.name)).toEqual(['Zoë Ångström']);
      expect(counting.connections).toBe(2);
    } finally {
      await counting.close();
    }
  });

  it('gives recipients the names of directory people seen in this session, after local contacts', async () => {
    const id = await saved();
    await search(id, 'Alice');
    await value('saveContact', { name: 'Zhang (local)', fax: '+86 10 8888 1234' });
    const names = await value('recipientNames', { numbers: ['493012345671', '861088881234', '861099999999'] });
    expect(names).toEqual([
      { number: '493012345671', name: 'Alice Martin', source: 'Head office' },
      { number: '861088881234', name: 'Zhang (local)', source: 'phonebook' },
    ]);
  });

  it('never lets the bind password out: not in results, the settings, the directories file, errors or the log', async () => {
    const id = await saved({ name: 'Secretive' });
    await search(id, 'Alice');
    await call('testDirectory', { ...fields(), password: 'Rdr-7q!x-WRONG-secret' });
    const outputs = [
      JSON.stringify(await call('listDirectories', undefined)),
      JSON.stringify(await call('saveDirectory', { id, ...fields({ name: 'Secretive' }) })),
      JSON.stringify(await call('testDirectory', { ...fields(), password: 'Rdr-7q!x-WRONG-secret' })),
      JSON.stringify(await search(id, 'Martin')),
      ...fs.readdirSync(t.dataDir).filter((f) => f.endsWith('.json')).map((f) => fs.readFileSync(path.join(t.dataDir, f), 'utf8')),
      t.logLines.join('\n'),
    ];
    expect(outputs.join('\n')).toContain('"hasPassword":true');
    for (const o of outputs) {
      expect(o).not.toContain(READER_PW);
      expect(o).not.toContain('WRONG-secret');
    }
  });
});
