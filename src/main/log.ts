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

const secrets = new Set<string>();

export function registerSecretForRedaction(secret: string): void {
  if (secret.length < 4) return;
  secrets.add(secret);
  // as it appears inside JSON (a logged object escapes quotes and backslashes)
  const escaped = JSON.stringify(secret).slice(1, -1);
  if (escaped !== secret) secrets.add(escaped);
}

export function redact(text: string): string {
  let out = text.replace(/(x-api-secret\s*[:=]\s*)("?)[^\s",}]+/gi, '$1$2[redacted]');
  for (const s of secrets) out = out.split(s).join('[redacted]');
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
