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
/**
 * The secrets whose forms are registered: the transport registers the API secret before every request,
 * and working out its seven forms again each time was ~0.03 ms of each upload (issue #27). Nothing is
 * ever unregistered, so a secret seen once has all its forms in the sets for good.
 */
const registered = new Set<string>();

export function registerSecretForRedaction(secret: string): void {
  if (secret.length === 0 || registered.has(secret)) return;
  registered.add(secret);
  // as it appears inside JSON too (a logged object escapes quotes and backslashes), and as a URL,
  // a form body or an Authorization header would carry it (URL-encoded, base64)
  const escaped = JSON.stringify(secret).slice(1, -1);
  const bytes = Buffer.from(secret, 'utf8');
  const urlForm = uriEncoded(secret);
  const forms = [
    secret,
    escaped,
    urlForm,
    urlForm.replace(/%20/g, '+'),
    bytes.toString('base64'),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
  ];
  for (const form of new Set(forms)) if (form) (form.length < SHORT ? shortSecrets : secrets).add(form);
}

/** encodeURIComponent, which throws on a lone surrogate (no URL can carry one: nothing to redact then) */
function uriEncoded(secret: string): string {
  try {
    return encodeURIComponent(secret);
  } catch {
    return '';
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The header however it is written: `X-API-Secret: v`, `x-api-secret=v`, and
 * JSON-shaped `"X-API-Secret":"v"` (the value may hold escaped quotes).
 */
const HEADER = /(["']?x-api-secret["']?\s*[:=]\s*)(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s",;}]+))/gi;

/** The header as an array pair: `["X-API-Secret", "v"]` (Node's rawHeaders, fetch's header lists). */
const HEADER_PAIR = /(["']x-api-secret["']\s*,\s*)(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/gi;

/** A field whose name says it holds a password or a secret, never registered: `"password": "…"`, `bindPassword='…'`, `password=…`. */
// (the header's own "[redacted]" is not redacted twice)
const SECRET_FIELD = /(["']?\b[\w-]*(?:password|passwd|secret)["']?\s*[:=]\s*)(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|((?!\[redacted\])[^\s"',;&}\]]+))/gi;

const quotedLike = (head: string, dq?: string, sq?: string) =>
  dq !== undefined ? `${head}"[redacted]"` : sq !== undefined ? `${head}'[redacted]'` : `${head}[redacted]`;

export function redact(text: string): string {
  let out = text.replace(HEADER, (_m, head: string, dq?: string, sq?: string) => quotedLike(head, dq, sq));
  out = out.replace(HEADER_PAIR, (_m, head: string, dq?: string, sq?: string) => quotedLike(head, dq, sq));
  out = out.replace(SECRET_FIELD, (m, head: string, dq?: string, sq?: string, bare?: string) =>
    // booleans and counts about a secret ("hasPassword": true) are not the secret
    bare !== undefined && /^(?:true|false|null|\d+)$/.test(bare) ? m : quotedLike(head, dq, sq),
  );
  for (const s of secrets) out = out.split(s).join('[redacted]');
  for (const s of shortSecrets) {
    // standing alone: not inside a longer run of letters, digits or the secret's usual punctuation
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}_\\-])${escapeRegExp(s)}(?![\\p{L}\\p{N}_\\-])`, 'gu'), '[redacted]');
  }
  return out;
}

/** An error with its cause chain (Error.cause holds the real reason), a few levels deep. */
function describeError(e: Error, depth = 0): string {
  const own = `${e.name}: ${e.message}`;
  const cause = (e as { cause?: unknown }).cause;
  if (cause === undefined || depth >= 4) return own;
  return `${own} (cause: ${cause instanceof Error ? describeError(cause, depth + 1) : typeof cause === 'string' ? cause : safeJson(cause)})`;
}

function format(extra: unknown[]): string {
  return extra.map((x) => (x instanceof Error ? describeError(x) : typeof x === 'string' ? x : safeJson(x))).join(' ');
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
