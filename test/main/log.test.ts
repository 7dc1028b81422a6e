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
