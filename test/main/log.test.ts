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

describe('redaction of the forms a secret takes on its way out', () => {
  it('catches a registered secret URL-encoded, form-encoded or base64, as a URL or an Authorization header would carry it', () => {
    const secret = 'Sk/9+x y=z&ä-round3';
    registerSecretForRedaction(secret);
    const lines: string[] = [];
    const log = createLogger((l) => lines.push(l));
    log.warn(`account: could not read the balance again: GET https://fax.example.com/api?secret=${encodeURIComponent(secret)} failed`);
    log.warn(`form body key=k&secret=${encodeURIComponent(secret).replace(/%20/g, '+')}`);
    log.warn(`Authorization: Basic ${Buffer.from(secret).toString('base64')}`);
    log.warn(`token ${Buffer.from(secret).toString('base64url')}`);
    const all = lines.join('\n');
    for (const form of [
      secret,
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%20/g, '+'),
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
    ]) {
      expect(all).not.toContain(form);
    }
    expect(lines[0]).toMatch(/could not read the balance again: .*\[redacted\].* failed$/);
  });

  it('catches the header as an array pair and a password field nobody registered; keeps what only speaks about one', () => {
    const lines: string[] = [];
    const log = createLogger((l) => lines.push(l));
    log.info('raw headers', ['Content-Type', 'application/json', 'X-API-Secret', 'array-form-unregistered']);
    log.info('request', { url: 'ldap://dc1', bindDn: 'cn=x', password: 'field-unregistered-1' });
    log.info(`{"bindPassword" : "field-unregistered-2"} and passwd='field-unregistered-3' and ?password=field-unregistered-4&next=1`);
    log.info('view', { hasPassword: true, secretStorage: 'keychain', passwordCount: 2 });
    const all = lines.join('\n');
    expect(all).not.toMatch(/unregistered/);
    expect(all).toContain('"X-API-Secret","[redacted]"');
    expect(all).toContain('"password":"[redacted]"');
    expect(all).toContain('&next=1');
    expect(lines[3]).toMatch(/\{"hasPassword":true,"secretStorage":"keychain","passwordCount":2\}$/);
  });

  it('keeps an error’s cause chain (the real reason), redacted', () => {
    registerSecretForRedaction('cause-secret-77');
    const lines: string[] = [];
    const log = createLogger((l) => lines.push(l));
    const root = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:443 with cause-secret-77'), { code: 'ECONNREFUSED' });
    const mid = new TypeError('fetch failed', { cause: root });
    log.error('account: could not read the balance again', new Error('network unreachable', { cause: mid }));
    expect(lines[0]).toMatch(/Error: network unreachable \(cause: TypeError: fetch failed \(cause: Error: connect ECONNREFUSED 10\.0\.0\.5:443 with \[redacted\]\)\)$/);
    expect(lines[0]).not.toContain('cause-secret-77');
  });
});
