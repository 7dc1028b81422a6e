/** Child processes of the benchmarks: TypeScript scripts run through tsx, and the simulator's command line. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Running {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Runs `tsx script args…` and resolves with the captures of `pattern` once stdout matches it. */
export function startTsx(
  script: string,
  args: string[],
  pattern: RegExp,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<Running & { match: RegExpExecArray }> {
  return startNode(['--import', 'tsx', script], args, pattern, env, timeoutMs);
}

/** `node` with `entry` (flags, then the script) and args, until its output matches `pattern`. */
export async function startNode(
  entry: string[],
  args: string[],
  pattern: RegExp,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<Running & { match: RegExpExecArray }> {
  const script = entry.at(-1)!;
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${out}`)), timeoutMs);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${out}`));
    });
  });
  return { child, match, output: () => out, stop: () => stopChild(child) };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export interface SimProcess extends Running {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
}

/** The real simulator in its own process, through `npm run sim`'s entry point. */
export async function startSimProcess(args: string[] = []): Promise<SimProcess> {
  const apiKey = 'bench-key';
  const apiSecret = 'bench-secret';
  const r = await startTsx(
    'src/simulator/cli.ts',
    ['--port', '0', '--quiet', '--api-key', apiKey, '--api-secret', apiSecret, ...args],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  return { ...r, baseUrl: r.match[1]!, apiKey, apiSecret };
}

/** Runs a tsx script to completion and returns the JSON object it printed last on stdout. */
export function runTsxJson<T>(script: string, args: string[], o: { nodeFlags?: string[]; timeoutMs?: number } = {}): Promise<T> {
  return runNodeJson<T>(script, args, { ...o, nodeFlags: [...(o.nodeFlags ?? []), '--import', 'tsx'] });
}

/** Runs a JavaScript file (e.g. a bundle) with plain node to completion; the JSON object it printed last on stdout. */
export async function runNodeJson<T>(script: string, args: string[], o: { nodeFlags?: string[]; timeoutMs?: number } = {}): Promise<T> {
  const timeoutMs = o.timeoutMs ?? 120_000;
  const child = spawn(process.execPath, [...(o.nodeFlags ?? []), script, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  const last = out.trim().split('\n').filter(Boolean).pop();
  if (code !== 0 || !last) throw new Error(`${script} ${args.join(' ')} failed (exit ${code}):\n${out}\n${err}`);
  return JSON.parse(last) as T;
}
