/**
 * Upload over an office link: 20 Mbit/s, 30 ms round trip, 3 × 10 MB at once.
 * Two network namespaces joined by a veth pair whose both ends are shaped by
 * tbf; the round trip comes from a relay that holds each chunk 15 ms per
 * direction (bench/workers/delay-relay.mts), because the kernels we run on
 * often lack the netem qdisc. Addresses are loopback-only (127.77.0.0/24 with
 * route_localnet), so nothing of this is reachable from outside the machine.
 *
 * The client (FaxDesk's main services through uploadDocument, as the Send
 * screen starts the three uploads) and curl (three transfers at once) run in
 * one namespace with the relay (the app accepts plain http only to 127.0.0.1),
 * the simulator in the other; ideal is the
 * payload at the link's rate after TCP/IP and Ethernet framing, plus two
 * round trips (connect, answer). Skipped with the reason printed where the
 * kernel or the permissions lack what it needs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePaddedPdf } from './lib/pdf.mts';
import { ROOT, stopChild } from './lib/processes.mts';
import { figure, notAvailable, type Figure } from './lib/report.mts';

const FILE_BYTES = 10_000_000;
const RATE_BITS = 20_000_000;
const ONE_WAY_MS = 15;
/** Payload share of a full frame: 1448 bytes of MSS in 1514 bytes on the wire (Ethernet, IP, TCP with timestamps). */
const FRAMING = 1448 / 1514;
const KEY = 'bench-key';
const SECRET = 'bench-secret';

const NAMES = {
  client: `fdlink-c-${process.pid}`,
  server: `fdlink-s-${process.pid}`,
  vethClient: `fdlc${process.pid % 100000}`,
  vethServer: `fdls${process.pid % 100000}`,
};
const CLIENT_ADDR = '127.77.0.1';
const SERVER_ADDR = '127.77.0.2';

function run(cmd: string, args: string[]): { ok: boolean; out: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 10_000 });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? r.error.message : ''}`.trim() };
}

function must(cmd: string, args: string[]): void {
  const r = run(cmd, args);
  if (!r.ok) throw new Error(`${cmd} ${args.join(' ')}: ${r.out}`);
}

function teardown(): void {
  run('ip', ['netns', 'del', NAMES.client]);
  run('ip', ['netns', 'del', NAMES.server]);
}

/** Builds the link; returns null on success or the reason it cannot be built here. */
function setUp(): string | null {
  if (process.platform !== 'linux') return 'network namespaces are Linux only';
  if (!run('ip', ['-V']).ok) return 'the ip command (iproute2) is not installed';
  if (!run('curl', ['--version']).ok) return 'curl is not installed';
  const made = run('ip', ['netns', 'add', NAMES.client]);
  if (!made.ok) return `cannot create a network namespace (${made.out || 'needs root or CAP_SYS_ADMIN'})`;
  try {
    must('ip', ['netns', 'add', NAMES.server]);
    must('ip', ['link', 'add', NAMES.vethClient, 'type', 'veth', 'peer', 'name', NAMES.vethServer]);
    must('ip', ['link', 'set', NAMES.vethClient, 'netns', NAMES.client]);
    must('ip', ['link', 'set', NAMES.vethServer, 'netns', NAMES.server]);
    for (const [ns, dev, addr] of [
      [NAMES.client, NAMES.vethClient, CLIENT_ADDR],
      [NAMES.server, NAMES.vethServer, SERVER_ADDR],
    ] as const) {
      must('ip', ['netns', 'exec', ns, 'sysctl', '-q', '-w', 'net.ipv4.conf.all.route_localnet=1', `net.ipv4.conf.${dev}.route_localnet=1`]);
      must('ip', ['-n', ns, 'addr', 'add', `${addr}/24`, 'dev', dev]);
      must('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
      must('ip', ['-n', ns, 'link', 'set', dev, 'up']);
      const tbf = run('ip', ['netns', 'exec', ns, 'tc', 'qdisc', 'add', 'dev', dev, 'root', 'tbf', 'rate', '20mbit', 'burst', '16kb', 'latency', '200ms']);
      if (!tbf.ok) {
        teardown();
        return `the kernel has no tbf qdisc (${tbf.out})`;
      }
    }
  } catch (e) {
    teardown();
    return `could not build the link: ${(e as Error).message}`;
  }
  return null;
}

/** Starts `node --import tsx script…` inside a namespace; resolves with stdout's first match of `pattern`. */
function startIn(ns: string, script: string, args: string[], pattern: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn('ip', ['netns', 'exec', ns, process.execPath, '--import', 'tsx', script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${out}`));
    });
  });
}

function runJsonIn<T>(ns: string, script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const r = spawn('ip', ['netns', 'exec', ns, process.execPath, '--import', 'tsx', script, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    r.stdout.on('data', (c: Buffer) => (out += c.toString()));
    r.stderr.on('data', (c: Buffer) => (out += c.toString()));
    r.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${script} failed (${code}):\n${out}`));
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${script} printed no JSON:\n${out}`));
      }
    });
  });
}

/** Three curl transfers started together; the time until the last one ended, as curl measured it. */
function curlThree(base: string, files: string[]): Promise<number> {
  return Promise.all(
    files.map(
      (f, i) =>
        new Promise<number>((resolve, reject) => {
          const c = spawn('ip', [
            'netns', 'exec', NAMES.client, 'curl', '-sS', '-o', '/dev/null', '-w', '%{http_code} %{time_total}',
            '--data-binary', `@${f}`, '-H', 'Content-Type: application/octet-stream', '-H', `X-File-Name: curl${i + 1}.pdf`,
            '-H', `X-API-Key: ${KEY}`, '-H', `X-API-Secret: ${SECRET}`, `${base}/api/v2/files/upload`,
          ]);
          let out = '';
          c.stdout.on('data', (d: Buffer) => (out += d.toString()));
          c.stderr.on('data', (d: Buffer) => (out += d.toString()));
          c.on('exit', (code) => {
            const [status, seconds] = out.trim().split(' ');
            if (code !== 0 || status !== '200') reject(new Error(`curl failed (${code}): ${out}`));
            else resolve(Number(seconds));
          });
        }),
    ),
  ).then((times) => Math.max(...times));
}

export async function linkFigures(runs: number, log: (s: string) => void): Promise<Figure[]> {
  const names = {
    client: 'link 20 Mbit/s 30 ms, 3 × 10 MB: FaxDesk uploadDocument',
    curl: 'link 20 Mbit/s 30 ms, 3 × 10 MB: curl',
    ideal: 'link 20 Mbit/s 30 ms, 3 × 10 MB: ideal',
    share: 'link: FaxDesk share of ideal',
  };
  const reason = setUp();
  if (reason) {
    log(`  link benchmark skipped: ${reason}`);
    return [notAvailable(names.share, '%', '≥ 95 %', `skipped: ${reason}`)];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-link-'));
  const children: ChildProcess[] = [];
  try {
    const files = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const f = path.join(dir, `link${i}.pdf`);
        await writePaddedPdf(f, FILE_BYTES);
        return f;
      }),
    );
    const small = path.join(dir, 'small.pdf');
    await writePaddedPdf(small, 20_000);
    const sim = await startIn(
      NAMES.server,
      'src/simulator/cli.ts',
      ['--host', SERVER_ADDR, '--port', '0', '--quiet', '--api-key', KEY, '--api-secret', SECRET, '--speed', '1000'],
      /listening on http:\/\/127\.77\.0\.2:(\d+)/,
    );
    children.push(sim.child);
    // The relay sits on the client's side, so the app reaches the service at 127.0.0.1 (plain http is allowed only there).
    const relay = await startIn(
      NAMES.client,
      'bench/workers/delay-relay.mts',
      ['127.0.0.1', '8080', SERVER_ADDR, sim.match[1]!, String(ONE_WAY_MS)],
      /relay listening/,
    );
    children.push(relay.child);
    const base = 'http://127.0.0.1:8080';
    const n = Math.min(runs, 3);
    const client: number[] = [];
    const curl: number[] = [];
    for (let i = 0; i < n; i++) {
      curl.push(await curlThree(base, files));
      const r = await runJsonIn<{ seconds: number; bytes: number }>(NAMES.client, 'bench/workers/app-upload.mts', [
        'link', base, KEY, SECRET, small, ...files,
      ]);
      if (r.bytes !== 3 * FILE_BYTES) throw new Error(`the service stored ${r.bytes} bytes, expected ${3 * FILE_BYTES}`);
      client.push(r.seconds);
      log(`  link run ${i + 1}: FaxDesk ${r.seconds.toFixed(2)} s, curl ${curl[i]!.toFixed(2)} s, load ${os.loadavg()[0]!.toFixed(1)}`);
    }
    const ideal = (3 * FILE_BYTES * 8) / (RATE_BITS * FRAMING) + (4 * ONE_WAY_MS) / 1000;
    const shares = client.map((s) => (ideal / s) * 100);
    return [
      figure(names.client, 's', 'reference', client, null, 'three uploads at once through the handlers, as the Send screen starts them'),
      figure(names.curl, 's', 'reference', curl, null, 'three curl --data-binary at once'),
      figure(names.ideal, 's', 'reference', [ideal], null, 'payload at 20 Mbit/s after framing (1448/1514) + 2 round trips'),
      figure(names.share, '%', '≥ 95 %', shares, (m) => m >= 95, 'ideal / FaxDesk time, per run'),
    ];
  } finally {
    for (const c of children) await stopChild(c);
    teardown();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
