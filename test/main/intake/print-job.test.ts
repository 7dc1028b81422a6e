import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SIDECAR_BYTES, parseCupsOptions, readPrintJob, recipientsFromOptions, sidecarPathFor } from '@main/intake/print-job';
import { tempDirs } from '../../helpers/temp-dirs';
import { syncSettledWithin } from '../../helpers/until';

describe('the options of a print job', () => {
  it('are read the way CUPS writes them: quotes, backslash escapes, bare booleans', () => {
    const o = parseCupsOptions(`finishings=3 phone='+86 10 1234 5678,021-8765-4321' title="a \\"b\\"" name=x\\ y collate noop=`);
    expect(o.get('phone')).toBe('+86 10 1234 5678,021-8765-4321');
    expect(o.get('title')).toBe('a "b"');
    expect(o.get('name')).toBe('x y');
    expect(o.get('collate')).toBe('true');
    expect(o.get('noop')).toBe('');
  });

  it('give the fax numbers of phone= (several, comma-separated), each once', () => {
    const o = parseCupsOptions('phone=+861012345678,02187654321,,+861012345678 faxnumber=13800138000');
    expect(recipientsFromOptions(o)).toEqual(['+861012345678', '02187654321', '13800138000']);
    expect(recipientsFromOptions(parseCupsOptions('number-up=2'))).toEqual([]);
  });
});

describe('the sidecar beside a printed document', () => {
  const tempDir = tempDirs('faxdesk-sidecar-');
  const sidecar = (title: string) => JSON.stringify({ version: 1, job: 7, title, options: 'phone=+861012345678' });
  /** an outbox with memo.pdf, and its sidecar's path */
  const outbox = () => {
    const dir = tempDir();
    const doc = path.join(dir, 'memo.pdf');
    fs.writeFileSync(doc, '%PDF-1.4\n');
    return { dir, doc, side: sidecarPathFor(doc) };
  };

  it('gives the job, its numbers and its title', () => {
    const { doc, side } = outbox();
    fs.writeFileSync(side, sidecar('Quote'));
    expect(readPrintJob(doc)).toEqual({ job: 7, recipients: ['+861012345678'], name: 'Quote' });
  });

  it('is read up to MAX_SIDECAR_BYTES, and not at all past it', () => {
    const { doc, side } = outbox();
    const text = sidecar('Quote');
    fs.writeFileSync(side, text + ' '.repeat(MAX_SIDECAR_BYTES - text.length));
    expect(fs.statSync(side).size).toBe(MAX_SIDECAR_BYTES);
    expect(readPrintJob(doc)?.name).toBe('Quote');
    fs.appendFileSync(side, ' ');
    expect(readPrintJob(doc)).toBeNull();
  });

  it('is not followed when a link stands in its place', () => {
    const { dir, doc, side } = outbox();
    const elsewhere = path.join(dir, 'elsewhere.json');
    fs.writeFileSync(elsewhere, sidecar('Not this one'));
    fs.symlinkSync(elsewhere, side);
    expect(readPrintJob(doc)).toBeNull();
  });

  it('that is a named pipe is passed over at once, not waited on (it would hold the main thread)', () => {
    const { doc, side } = outbox();
    execFileSync('mkfifo', [side]);
    const module = path.resolve('src/main/intake/print-job.ts');
    const script = `const { readPrintJob } = await import(${JSON.stringify(module)}); console.log(JSON.stringify({ job: readPrintJob(${JSON.stringify(doc)}) }));`;
    expect(syncSettledWithin(script)).toEqual({ job: null });
  });
});
