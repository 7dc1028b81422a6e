import { describe, expect, it } from 'vitest';
import { createLogger, registerSecretForRedaction } from '../../src/main/log';

describe('the log', () => {
  it('never writes a registered secret, raw, inside JSON, or as a header', () => {
    const secret = 'pa"ss\\word-42';
    registerSecretForRedaction(secret);
    const lines: string[] = [];
    const log = createLogger((l) => lines.push(l));
    log.warn(`failed with ${secret}`);
    log.error('request', { headers: { 'X-API-Secret': secret } });
    log.info('curl -H X-API-Secret: other-secret-value');
    const all = lines.join('\n');
    expect(all).not.toContain(secret);
    expect(all).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(all).not.toContain('other-secret-value');
    expect(all).toContain('[redacted]');
  });
});

describe('redaction of what the registry does not know', () => {
  it('catches the secret header written as JSON, with single quotes, or with escaped quotes inside', () => {
    const lines: string[] = [];
    const log = createLogger((l) => lines.push(l));
    log.info('request', { headers: { 'X-API-Key': 'k', 'X-API-Secret': 'json-shaped-unregistered' } });
    log.info(`{"x-api-secret" : "with \\"escaped\\" quotes-unregistered", "next": "kept"}`);
    log.info(`headers: { 'X-API-Secret': 'single-quoted-unregistered' }`);
    const all = lines.join('\n');
    expect(all).not.toMatch(/unregistered/);
    expect(all).toContain('"X-API-Secret":"[redacted]"');
    expect(all).toContain('"X-API-Key":"k"'); // the key is not a secret
    expect(all).toContain('"next": "kept"'); // the rest of the object survives
  });

  it('catches secrets shorter than 4 characters where they stand alone, without shredding other words', () => {
    registerSecretForRedaction('q7');
    const lines: string[] = [];
    const log = createLogger((l) => lines.push(l));
    log.warn('the service said: wrong secret q7 for key office');
    log.warn('body', { secret: 'q7' });
    log.warn('unrelated words: q77 aq7 q7b stay');
    expect(lines[0]).toMatch(/wrong secret \[redacted\] for key office$/);
    expect(lines[1]).toMatch(/body \{"secret":"\[redacted\]"\}$/);
    expect(lines[2]).toMatch(/unrelated words: q77 aq7 q7b stay$/);
  });
});
