import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/simulator/cli-args';
import { until } from '../helpers/until';

const children = new Set<ChildProcessWithoutNullStreams>();
afterEach(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  children.clear();
});

/** Runs the CLI in one Node process (tsx as a loader) so signals reach it directly. */
function runCli(args: string[]): { child: ChildProcessWithoutNullStreams; out: () => string; err: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/simulator/cli.ts', ...args], { cwd: process.cwd() });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exit };
}

async function lineMatching(get: () => string, re: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  return until(`a line matching ${re}`, () => re.exec(get()), timeoutMs).catch((e: Error) => {
    throw new Error(`${e.message} in: ${get()}`);
  });
}

describe('npm run sim', () => {
  it('prints the base URL and credentials, serves the API, and exits 0 on SIGTERM', async () => {
    const cli = runCli(['--port', '0', '--api-key', 'cli-key', '--api-secret', 'cli-secret', '--speed', '200', '--balance', '42.5']);
    const m = await lineMatching(cli.out, /(http:\/\/127\.0\.0\.1:(\d+))\S*.*cli-key.*cli-secret/);
    const base = m[1]!;
    expect(Number(m[2])).toBeGreaterThan(0);
    const res = await fetch(`${base}/api/v2/account/status`, { headers: { 'X-API-Key': 'cli-key', 'X-API-Secret': 'cli-secret' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { balance: number } }).data.balance).toBe(42.5);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    await expect(fetch(`${base}/api/v2/account/status`)).rejects.toThrow();
  });

  it('stops cleanly on SIGINT and applies fault flags', async () => {
    const cli = runCli(['--port', '0', '--quiet', '--rate-limit-every', '1', '--retry-after', '9']);
    const m = await lineMatching(cli.out, /http:\/\/127\.0\.0\.1:\d+/);
    const res = await fetch(`${m[0]}/api/v2/account/status`, { headers: { 'X-API-Key': 'demo-key', 'X-API-Secret': 'demo-secret' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('9');
    cli.child.kill('SIGINT');
    expect(await cli.exit).toBe(0);
  });

  it('rejects bad flags with a clear message and exit code 2', async () => {
    const runs = [
      [['--speed', '0'], /--speed must be a number > 0/],
      [['--bogus'], /unknown option --bogus/],
    ] as const;
    await Promise.all(
      runs.map(async ([args, message]) => {
        const cli = runCli([...args]);
        expect(await cli.exit, args.join(' ')).toBe(2);
        expect(cli.err()).toMatch(message);
        expect(cli.out()).not.toMatch(/listening/);
      }),
    );
  });

  it('validates every flag before starting', () => {
    for (const [args, message] of [
      [['--port', 'eighty'], /--port must be an integer/],
      [['--port', '70000'], /--port must be an integer/],
      [['--balance', '-1'], /--balance must be a number of yuan >= 0/],
      [['--unit-price', 'x'], /--unit-price must be a number/],
      [['--webhook-url', 'ftp://x'], /--webhook-url must be an http\(s\) URL/],
      [['--create-fault', 'explode'], /--create-fault must be one of/],
      [['--timezone', 'Mars/Olympus'], /--timezone must be an IANA time zone/],
      [['--error-rate', '2'], /--error-rate must be a fraction/],
      [['--retry-after', '3'], /--retry-after needs --rate-limit-every/],
      [['--latency'], /--latency needs a value/],
      [['stray'], /unexpected argument/],
    ] as const) {
      expect(() => parseArgs([...args]), args.join(' ')).toThrow(message);
    }
  });

  it('turns flags into simulator options', () => {
    const { options } = parseArgs([
      '--port=0', '--host', '0.0.0.0', '--speed', '200', '--balance', '10', '--unit-price', '0.5', '--state', 's.json',
      '--webhook-url', 'http://127.0.0.1:9/h', '--timezone', 'UTC', '--latency', '5', '--error-rate', '0.1',
      '--rate-limit-every', '4', '--retry-after', '2', '--create-fault', 'timeout', '--create-fault-count', '1', '--quiet',
    ]);
    expect(options).toEqual({
      port: 0, host: '0.0.0.0', speed: 200, balance: 10, unitPrice: 0.5, stateFile: 's.json', webhookUrl: 'http://127.0.0.1:9/h',
      timezone: 'UTC', quiet: true,
      faults: { latencyMs: 5, errorRate: 0.1, rateLimit: { every: 4, retryAfterSeconds: 2 }, create: 'timeout', createFaultCount: 1 },
    });
    expect(parseArgs([]).options.port).toBe(4010);
  });

  it('--allow-private-urls lets URL uploads fetch from this machine, says so at start, and is off by default', async () => {
    expect(parseArgs([]).options.allowPrivateRemoteUrls).toBeUndefined();
    expect(parseArgs(['--allow-private-urls']).options.allowPrivateRemoteUrls).toBe(true);
    expect(() => parseArgs(['--allow-private-urls=yes'])).toThrow(/takes no value/);
    const files = http.createServer((_req, res) => res.end('%PDF-1.4\n%%EOF\n'));
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    const fileUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/local.pdf`;
    try {
      const upload = async (flags: string[]) => {
        const cli = runCli(['--port', '0', '--quiet', ...flags]);
        const line = await lineMatching(cli.out, /listening on (http:\/\/127\.0\.0\.1:\d+).*\n/);
        const res = await fetch(`${line[1]}/api/v2/files/upload`, {
          method: 'POST',
          headers: { 'X-API-Key': 'demo-key', 'X-API-Secret': 'demo-secret', 'content-type': 'application/json' },
          body: JSON.stringify({ remote_url: fileUrl }),
        });
        const body = (await res.json()) as { success: boolean; errors?: unknown };
        cli.child.kill('SIGTERM');
        await cli.exit;
        return { startLine: line[0], status: res.status, body };
      };
      const off = await upload([]);
      expect(off.status).toBe(400);
      expect(JSON.stringify(off.body)).toMatch(/private or local network/);
      expect(off.startLine).not.toMatch(/allow-private-urls/);
      const on = await upload(['--allow-private-urls']);
      expect(on.body.success).toBe(true);
      expect(on.startLine).toMatch(/--allow-private-urls: URL uploads may fetch from this machine and private networks/);
    } finally {
      await new Promise((r) => files.close(r));
    }
  }, 30_000);
});
