/** Command-line flags of `npm run sim`, validated into SimulatorOptions. */
import { assertTimeZone } from './time';
import { CREATE_FAULTS, type CreateFault, type SimulatorFaults, type SimulatorOptions } from './types';

/** A fixed port so a demo run can be configured once; tests pass --port 0. */
export const DEFAULT_CLI_PORT = 4010;

export interface SimulatorArgs {
  help: boolean;
  options: SimulatorOptions;
}

const VALUE_FLAGS = new Set([
  'port', 'host', 'api-key', 'api-secret', 'speed', 'balance', 'unit-price', 'webhook-url', 'timezone', 'state',
  'file-ref-lifetime', 'account-name', 'latency', 'error-rate', 'rate-limit-every', 'retry-after', 'create-fault',
  'create-fault-count',
]);
const BOOLEAN_FLAGS = new Set(['quiet', 'help', 'allow-private-urls']);

function num(flag: string, raw: string, ok: (n: number) => boolean, what: string): number {
  const n = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n) || !ok(n)) throw new Error(`--${flag} must be ${what} (got "${raw}")`);
  return n;
}

type Lookup = (flag: string) => string | undefined;

/** Splits argv into boolean flags and flag values, refusing unknown or malformed flags. */
function readFlags(argv: string[]): { values: Map<string, string>; flags: Set<string> } {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (BOOLEAN_FLAGS.has(name)) {
      if (eq >= 0) throw new Error(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    if (!VALUE_FLAGS.has(name)) throw new Error(`unknown option --${name}`);
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = argv[++i];
      if (value === undefined) throw new Error(`--${name} needs a value`);
    }
    values.set(name, value);
  }
  return { values, flags };
}

function applyServiceOptions(o: SimulatorOptions, v: Lookup): void {
  let s: string | undefined;
  if ((s = v('port')) !== undefined) o.port = num('port', s, (n) => Number.isInteger(n) && n >= 0 && n <= 65535, 'an integer 0..65535');
  if ((s = v('host')) !== undefined) {
    if (s.trim() === '') throw new Error('--host must not be empty');
    o.host = s;
  }
  if ((s = v('api-key')) !== undefined) {
    if (s === '') throw new Error('--api-key must not be empty');
    o.apiKey = s;
  }
  if ((s = v('api-secret')) !== undefined) {
    if (s === '') throw new Error('--api-secret must not be empty');
    o.apiSecret = s;
  }
  if ((s = v('speed')) !== undefined) o.speed = num('speed', s, (n) => n > 0, 'a number > 0');
  if ((s = v('balance')) !== undefined) o.balance = num('balance', s, (n) => n >= 0, 'a number of yuan >= 0');
  if ((s = v('unit-price')) !== undefined) o.unitPrice = num('unit-price', s, (n) => n >= 0, 'a number of yuan >= 0');
  if ((s = v('webhook-url')) !== undefined) {
    let u: URL | null = null;
    try {
      u = new URL(s);
    } catch {
      // reported below
    }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) throw new Error(`--webhook-url must be an http(s) URL (got "${s}")`);
    o.webhookUrl = s;
  }
  if ((s = v('timezone')) !== undefined) {
    try {
      assertTimeZone(s);
    } catch {
      throw new Error(`--timezone must be an IANA time zone such as Asia/Shanghai (got "${s}")`);
    }
    o.timezone = s;
  }
  if ((s = v('state')) !== undefined) {
    if (s.trim() === '') throw new Error('--state needs a file path');
    o.stateFile = s;
  }
  if ((s = v('file-ref-lifetime')) !== undefined) {
    o.fileRefLifetimeMs = num('file-ref-lifetime', s, (n) => n > 0, 'a number of seconds > 0') * 1000;
  }
  if ((s = v('account-name')) !== undefined) o.accountName = s;
}

function faultsOf(v: Lookup): Partial<SimulatorFaults> {
  const faults: Partial<SimulatorFaults> = {};
  let s: string | undefined;
  if ((s = v('latency')) !== undefined) faults.latencyMs = num('latency', s, (n) => n >= 0, 'a number of ms >= 0');
  if ((s = v('error-rate')) !== undefined) faults.errorRate = num('error-rate', s, (n) => n >= 0 && n <= 1, 'a fraction 0..1');
  const every = v('rate-limit-every');
  const after = v('retry-after');
  if (after !== undefined && every === undefined) throw new Error('--retry-after needs --rate-limit-every');
  if (every !== undefined) {
    faults.rateLimit = {
      every: num('rate-limit-every', every, (n) => Number.isInteger(n) && n >= 1, 'an integer >= 1'),
      retryAfterSeconds: after === undefined ? 1 : num('retry-after', after, (n) => Number.isInteger(n) && n >= 0, 'an integer of seconds >= 0'),
    };
  }
  if ((s = v('create-fault')) !== undefined) {
    if (!(CREATE_FAULTS as readonly string[]).includes(s)) {
      throw new Error(`--create-fault must be one of ${CREATE_FAULTS.join(', ')} (got "${s}")`);
    }
    faults.create = s as CreateFault;
  }
  if ((s = v('create-fault-count')) !== undefined) {
    faults.createFaultCount = num('create-fault-count', s, (n) => Number.isInteger(n) && n >= 0, 'an integer >= 0');
  }
  return faults;
}

export function parseArgs(argv: string[]): SimulatorArgs {
  const { values, flags } = readFlags(argv);
  const o: SimulatorOptions = { quiet: flags.has('quiet'), port: DEFAULT_CLI_PORT };
  if (flags.has('allow-private-urls')) o.allowPrivateRemoteUrls = true;
  const v: Lookup = (k) => values.get(k);
  applyServiceOptions(o, v);
  const faults = faultsOf(v);
  if (Object.keys(faults).length > 0) o.faults = faults;
  return { help: flags.has('help'), options: o };
}
