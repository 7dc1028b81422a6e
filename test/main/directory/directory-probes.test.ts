/**
 * "Test directory" dials a host and port the window names. Written as a
 * compromised window would use it: a burst of tests over many ports, closed,
 * resetting, speaking another protocol or TLS, must all get the same answer
 * and at most DIRECTORY_PROBES_PER_MINUTE of them go out; a CR/LF in a DN or
 * the filter never reaches a (line-based) listener. A real slapd shows a
 * server that answered in LDAP is not a probe any more.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBindPasswords } from '@main/directory/bind-passwords';
import { createDirectoryService, DIRECTORY_PROBES_PER_MINUTE, type DirectoryService } from '@main/directory/directory-service';
import { dispatch } from '@main/ipc/dispatch';
import { directoryHandlers } from '@main/ipc/handlers/directory';
import { createLogger } from '@main/log';
import { DEFAULT_ATTRIBUTES, DEFAULT_DIRECTORY_FILTER, type SaveDirectoryInput } from '@shared/directory/types';
import { PEOPLE_DN, READER_DN, READER_PW, slapdMissing, startSlapd, type RunningSlapd } from '../../helpers/slapd';
import { until } from '../../helpers/until';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function listening(server: net.Server): Promise<number> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(
    () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  );
  return (server.address() as net.AddressInfo).port;
}

function service(now: () => number = Date.now): { directories: DirectoryService; call: (name: string, input: unknown) => ReturnType<typeof dispatch> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-probe-'));
  const directories = createDirectoryService({
    dataDir,
    log: createLogger(() => {}),
    passwords: createBindPasswords({ service: 'test', kind: 'memory' }),
    defaultCountry: () => 'CN',
    localNames: () => new Map(),
    now,
  });
  closers.push(async () => {
    directories.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { directories, call: (name, input) => dispatch(directoryHandlers(directories), name, input) };
}

function fields(url: string, overrides: Partial<SaveDirectoryInput> = {}): SaveDirectoryInput {
  return {
    name: 'Probe',
    url,
    startTls: false,
    allowPlain: false,
    bindDn: 'cn=reader,dc=example,dc=com',
    baseDn: 'dc=example,dc=com',
    filter: DEFAULT_DIRECTORY_FILTER,
    attributes: { name: [...DEFAULT_ATTRIBUTES.name], company: [...DEFAULT_ATTRIBUTES.company], fax: [...DEFAULT_ATTRIBUTES.fax], extraFax: [...DEFAULT_ATTRIBUTES.extraFax] },
    ...overrides,
  };
}

describe('a directory test is no port scanner', () => {
  it('says the same thing whether the port is closed, resets, serves HTTP, or is not TLS behind ldaps://', async () => {
    const { call } = service();
    const closed = await listening(net.createServer());
    await closers.pop()!();
    const reset = await listening(net.createServer((s) => s.destroy()));
    const web = await listening(http.createServer((_req, res) => res.end('<html>router admin</html>')));
    const banner = await listening(net.createServer((s) => s.end('220 mail.example.com ESMTP ready\r\n')));
    const urls = [`ldap://127.0.0.1:${closed}`, `ldap://127.0.0.1:${reset}`, `ldap://127.0.0.1:${web}`, `ldap://127.0.0.1:${banner}`, `ldaps://127.0.0.1:${web}`];
    const answers = new Set<string>();
    for (const url of urls) {
      const r = await call('testDirectory', { ...fields(url), password: 'pw' });
      expect(r, url).toMatchObject({ ok: false, error: { code: 'directory.no_directory' } });
      const port = new URL(url).port;
      answers.add(JSON.stringify((r as { error: unknown }).error).replaceAll(port, 'PORT'));
    }
    expect([...answers]).toHaveLength(1);
  });

  it(`lets ${DIRECTORY_PROBES_PER_MINUTE} probes a minute through, refuses the next until the minute is over`, async () => {
    let now = 1_000_000;
    const { directories, call } = service(() => now);
    const connections: number[] = [];
    const port = await listening(net.createServer((s) => (connections.push(1), s.destroy())));
    const url = `ldap://127.0.0.1:${port}`;
    const codes: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const r = await call('testDirectory', { ...fields(url), password: 'pw' });
      codes.push(r.ok ? 'ok' : r.error.code);
      now += 1; // 30 probes within 30 ms
    }
    expect(codes.filter((c) => c === 'directory.no_directory')).toHaveLength(DIRECTORY_PROBES_PER_MINUTE);
    expect(codes.slice(DIRECTORY_PROBES_PER_MINUTE).every((c) => c === 'directory.too_many_tests')).toBe(true);
    expect(connections).toHaveLength(DIRECTORY_PROBES_PER_MINUTE);
    expect(directories.probesRefused()).toBe(30 - DIRECTORY_PROBES_PER_MINUTE);
    const refused = await call('testDirectory', { ...fields(url), password: 'pw' });
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^Too many directory tests in a short time\. Wait 60 seconds/) } });
    // One millisecond before the first probe's minute is over: still refused; at the minute: one more goes.
    now = 1_000_000 + 60_000 - 1;
    expect(await call('testDirectory', { ...fields(url), password: 'pw' })).toMatchObject({ ok: false, error: { code: 'directory.too_many_tests' } });
    now = 1_000_000 + 60_000;
    expect(await call('testDirectory', { ...fields(url), password: 'pw' })).toMatchObject({ ok: false, error: { code: 'directory.no_directory' } });
    expect(connections).toHaveLength(DIRECTORY_PROBES_PER_MINUTE + 1);
  });

  it('refuses CR, LF and other control characters in the bind DN, base DN and filter before dialing', async () => {
    const { call } = service();
    const lines: string[] = [];
    let connections = 0;
    const port = await listening(
      net.createServer((s) => {
        connections++;
        s.setEncoding('latin1');
        s.on('data', (d: string) => lines.push(...d.split(/\r?\n/)));
      }),
    );
    const url = `ldap://127.0.0.1:${port}`;
    const injected = [
      { bindDn: 'cn=reader,dc=example,dc=com\r\nDELETE ALL' },
      { baseDn: 'dc=example,dc=com\nQUIT' },
      { filter: '(cn=*)\r\nFLUSHALL' },
      { bindDn: 'cn=a\u0000b,dc=example,dc=com' },
    ];
    for (const o of injected) {
      for (const channel of ['testDirectory', 'saveDirectory']) {
        const r = await call(channel, { ...fields(url, o), password: 'pw' });
        expect(r, `${channel} ${JSON.stringify(o)}`).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
        expect(JSON.stringify(r)).toMatch(/cannot contain line breaks/);
      }
    }
    // A connection of the test's own, dialed after every call: the server accepts connections in the order
    // they were dialed, so one that a call had dialed would be counted before it.
    const marker = net.connect(port, '127.0.0.1');
    await until('the marker connection', () => connections >= 1);
    marker.destroy();
    expect(connections).toBe(1);
    expect(lines.join('\n')).not.toMatch(/DELETE ALL|QUIT|FLUSHALL/);
    expect(lines).toEqual([]);
  });
});

const missing = slapdMissing();
describe.skipIf(missing)('a server that answered in LDAP is not probed', () => {
  let slapd: RunningSlapd;
  beforeAll(async () => {
    slapd = await startSlapd({ people: [] });
  }, 60_000);
  afterAll(async () => slapd?.stop());

  it('tests the same directory again and again without counting against the limit, and names its failures', async () => {
    const { call } = service(() => 5_000);
    const good = fields(slapd.url, { bindDn: READER_DN, baseDn: PEOPLE_DN });
    for (let i = 0; i < DIRECTORY_PROBES_PER_MINUTE + 5; i += 1) {
      // the people branch is empty: past the bind, "no results" — an LDAP answer
      expect(await call('testDirectory', { ...good, password: READER_PW })).toMatchObject({ ok: false, error: { code: 'directory.no_results' } });
    }
    expect(await call('testDirectory', { ...good, password: 'wrong' })).toMatchObject({ ok: false, error: { code: 'directory.bad_credentials' } });
  });

  it('a server whose error echoes the bind password never shows it, raw, URL-encoded or base64', async () => {
    const password = 'Echo/me+back=1';
    const port = await listening(
      net.createServer((s) => {
        s.once('data', (d: Buffer) => {
          // Answer the bind (message id 1, as ldapts numbers its first request) with "other" (80) and a diagnostic echoing the password.
          const text = Buffer.from(`bad bind for ${password} / ${encodeURIComponent(password)} / ${Buffer.from(password).toString('base64')}`);
          const off = d[1]! & 0x80 ? 2 + (d[1]! & 0x7f) : 2;
          const id = d[off + 2]!;
          const result = Buffer.concat([Buffer.from([0x0a, 0x01, 0x50, 0x04, 0x00, 0x04, text.length]), text]);
          const op = Buffer.concat([Buffer.from([0x61, result.length]), result]);
          const body = Buffer.concat([Buffer.from([0x02, 0x01, id]), op]);
          s.end(Buffer.concat([Buffer.from([0x30, body.length]), body]));
        });
      }),
    );
    const { call } = service();
    const r = await call('testDirectory', { ...fields(`ldap://127.0.0.1:${port}`), password });
    expect(r).toMatchObject({ ok: false, error: { code: 'directory.server_error', message: expect.stringMatching(/\[redacted\]/) } });
    const text = JSON.stringify(r);
    for (const form of [password, encodeURIComponent(password), Buffer.from(password).toString('base64')]) expect(text).not.toContain(form);
  });
});
