/**
 * A small logger that redacts anything that looks like a credential header or
 * a known secret before a line is written. Secrets are registered by the
 * credential store so even a stray error message cannot leak one.
 */
export interface Logger {
  info(msg: string, ...extra: unknown[]): void;
  warn(msg: string, ...extra: unknown[]): void;
  error(msg: string, ...extra: unknown[]): void;
}

/** Long secrets are redacted wherever they appear. */
const secrets = new Set<string>();
/** Secrets under 4 characters would match inside ordinary words: redacted where they stand alone. */
const shortSecrets = new Set<string>();
const SHORT = 4;

export function registerSecretForRedaction(secret: string): void {
  if (secret.length === 0) return;
  // as it appears inside JSON too (a logged object escapes quotes and backslashes)
  const escaped = JSON.stringify(secret).slice(1, -1);
  for (const form of new Set([secret, escaped])) (form.length < SHORT ? shortSecrets : secrets).add(form);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The header however it is written: `X-API-Secret: v`, `x-api-secret=v`, and
 * JSON-shaped `"X-API-Secret":"v"` (the value may hold escaped quotes).
 */
const HEADER = /(["']?x-api-secret["']?\s*[:=]\s*)(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s",;}]+))/gi;

export function redact(text: string): string {
  let out = text.replace(HEADER, (_m, head: string, dq?: string, sq?: string) =>
    dq !== undefined ? `${head}"[redacted]"` : sq !== undefined ? `${head}'[redacted]'` : `${head}[redacted]`,
  );
  for (const s of secrets) out = out.split(s).join('[redacted]');
  for (const s of shortSecrets) {
    // standing alone: not inside a longer run of letters, digits or the secret's usual punctuation
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}_\\-])${escapeRegExp(s)}(?![\\p{L}\\p{N}_\\-])`, 'gu'), '[redacted]');
  }
  return out;
}

function format(extra: unknown[]): string {
  return extra
    .map((x) => (x instanceof Error ? `${x.name}: ${x.message}` : typeof x === 'string' ? x : safeJson(x)))
    .join(' ');
}

function safeJson(x: unknown): string {
  try {
    return JSON.stringify(x);
  } catch {
    return String(x);
  }
}

export function createLogger(write: (line: string) => void = (l) => process.stderr.write(l + '\n')): Logger {
  const emit = (level: string, msg: string, extra: unknown[]) =>
    write(redact(`${new Date().toISOString()} ${level} ${msg}${extra.length ? ' ' + format(extra) : ''}`));
  return {
    info: (m, ...e) => emit('info', m, e),
    warn: (m, ...e) => emit('warn', m, e),
    error: (m, ...e) => emit('error', m, e),
  };
}
