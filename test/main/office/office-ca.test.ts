/**
 * The CA file the machine-wide policy names is read on the main thread at start: never more than
 * MAX_CA_BYTES, and a named pipe in its place is passed over (with a warning), not waited on.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@main/log';
import { MAX_CA_BYTES, readPolicyCa } from '@main/office/office-ca';
import { tempDirs } from '../../helpers/temp-dirs';
import { syncSettledWithin } from '../../helpers/until';

const tempDir = tempDirs('faxdesk-policy-ca-');
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

describe('the policy’s CA file', () => {
  it('is read up to MAX_CA_BYTES, and not past it (a warning says it could not be read)', () => {
    const file = path.join(tempDir(), 'office-ca.pem');
    fs.writeFileSync(file, PEM + '\n'.repeat(MAX_CA_BYTES - PEM.length));
    const lines: string[] = [];
    const log = createLogger((l) => lines.push(l));
    expect(readPolicyCa(file, log)).toEqual({ pem: fs.readFileSync(file, 'utf8'), name: 'office-ca.pem' });
    expect(lines).toEqual([]);
    fs.appendFileSync(file, '\n');
    expect(readPolicyCa(file, log)).toBeNull();
    expect(lines.join('\n')).toContain(`policy: officeOutbox caFile ${file} could not be read`);
  });

  it('that is a named pipe is passed over at once, not waited on', () => {
    const pipe = path.join(tempDir(), 'office-ca.pem');
    execFileSync('mkfifo', [pipe]);
    const module = path.resolve('src/main/office/office-ca.ts');
    const log = path.resolve('src/main/log.ts');
    const script =
      `const { readPolicyCa } = await import(${JSON.stringify(module)}); const { createLogger } = await import(${JSON.stringify(log)});` +
      `const lines = []; const ca = readPolicyCa(${JSON.stringify(pipe)}, createLogger((l) => lines.push(l)));` +
      `console.log(JSON.stringify({ ca, warned: lines.some((l) => l.includes('could not be read')) }));`;
    expect(syncSettledWithin(script)).toEqual({ ca: null, warned: true });
  });
});
