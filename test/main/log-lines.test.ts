/**
 * What a log line looks like once written: the secret header replaced in the form it was written in
 * (so the line still reads), registered secrets replaced where they stood, the level and the extras
 * readable, and nothing else touched. Companion to log.test.ts; these pin down what a reader of the
 * log file sees, so a redaction that only half works cannot pass.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, redact, registerSecretForRedaction } from '../../src/main/log';

const linesOf = () => {
  const lines: string[] = [];
  return { lines, log: createLogger((l) => lines.push(l)) };
};
/** the line without its time stamp */
const body = (line: string) => line.replace(/^\S+ /, '');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the secret header, replaced in the form it was written in', () => {
  it('unquoted, to the end of the value, and nothing after it lost', () => {
    expect(redact('curl -H X-API-Secret: other-secret-value -H Accept: json')).toBe('curl -H X-API-Secret: [redacted] -H Accept: json');
    expect(redact('x-api-secret=abc123;next=1')).toBe('x-api-secret=[redacted];next=1');
  });

  it('in double quotes and in single quotes, keeping the quotes', () => {
    expect(redact(`{"X-API-Secret":"s3cret-value","k":1}`)).toBe(`{"X-API-Secret":"[redacted]","k":1}`);
    expect(redact(`headers: { 'X-API-Secret': 'single-quoted-value', 'A': 'b' }`)).toBe(`headers: { 'X-API-Secret': '[redacted]', 'A': 'b' }`);
  });
});

describe('registered secrets', () => {
  it('a secret of 4 characters or more is replaced wherever it appears, even glued to other text', () => {
    registerSecretForRedaction('k9Zx');
    registerSecretForRedaction('LongSecretValue77');
    expect(redact('token=abcLongSecretValue77xyz and k9Zx and abck9Zx')).toBe('token=abc[redacted]xyz and [redacted] and abc[redacted]');
  });

  it('a shorter one is replaced where it stands alone, its punctuation taken literally', () => {
    registerSecretForRedaction('x.y');
    expect(redact('got x.y back; xzy and x-y stay')).toBe('got [redacted] back; xzy and x-y stay');
  });

  it('registering an empty secret changes nothing', () => {
    registerSecretForRedaction('');
    expect(redact('an ordinary line: nothing to hide')).toBe('an ordinary line: nothing to hide');
  });
});

describe('a log line', () => {
  it('says its level', () => {
    const { lines, log } = linesOf();
    log.info('one');
    log.warn('two');
    log.error('three');
    expect(lines.map(body)).toEqual(['info one', 'warn two', 'error three']);
  });

  it('writes extras after the message: an error by name and message, words as they are, anything else as JSON', () => {
    const { lines, log } = linesOf();
    log.error('upload failed', new TypeError('socket hang up'), 'while sending', { attempt: 2 });
    expect(body(lines[0]!)).toBe('error upload failed TypeError: socket hang up while sending {"attempt":2}');
  });

  it('still writes a value that cannot be turned into JSON', () => {
    const { lines, log } = linesOf();
    const loop: Record<string, unknown> = {};
    loop['self'] = loop;
    log.warn('odd value', loop);
    expect(body(lines[0]!)).toBe('warn odd value [object Object]');
  });

  it('goes to standard error, one line each, when no writer is given', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    createLogger().info('to stderr');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/ info to stderr\n$/);
  });
});

describe('a secret no URL can carry', () => {
  it('registering one with a lone surrogate (typed or pasted) neither throws nor leaves it in a line', () => {
    expect(() => registerSecretForRedaction('ab\ud800cd-secret')).not.toThrow();
    expect(redact('secret ab\ud800cd-secret here')).toBe('secret [redacted] here');
  });
});
