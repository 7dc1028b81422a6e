import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentsOffered } from '@shared/ipc/channels/intake';
import { IntakeQueue, documentPathsFromArgv } from '@main/intake/documents';

// The spec's limits (create-task, upload), not the code's constants: 3 files a task, 10 MB a file.
const MAX_DOCUMENTS = 3;
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-docs-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string | Buffer = '%PDF-1.4 test'): string {
  const p = path.join(dir, name);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
  return p;
}

function recorder() {
  const sent: { name: string; payload: unknown }[] = [];
  return { sent, emit: (name: string, payload: unknown) => void sent.push({ name, payload }) };
}

describe('documentPathsFromArgv', () => {
  it('skips the executable and switches, keeps missing paths and URLs for the queue to explain, and resolves relative paths against the launching directory', () => {
    const a = write('Invoice March.pdf');
    write('sub/合同 第二版.docx');
    const argv = [
      '/opt/FaxDesk/faxdesk',
      '--inspect=9229',
      'Invoice March.pdf',
      '--allow-file-access-from-files',
      'sub/合同 第二版.docx',
      'missing.pdf',
      '--original-process-start-time=13312312',
      'smb://fileserver/scans/a.pdf',
    ];
    expect(documentPathsFromArgv(argv, dir)).toEqual([a, path.join(dir, 'sub', '合同 第二版.docx'), path.join(dir, 'missing.pdf'), 'smb://fileserver/scans/a.pdf']);
  });

  it('skips the app folder in development (electron .) and accepts file:// URIs from desktop launchers', () => {
    const a = write('scan 1.tif');
    const argv = ['/usr/lib/electron/electron', '.', `file://${encodeURI(a)}`];
    expect(documentPathsFromArgv(argv, dir, { skip: 2 })).toEqual([a]);
    // the app folder itself is a directory and never a document
    expect(documentPathsFromArgv(['/x/electron', dir], dir)).toEqual([]);
  });

  it('passes files of other types on so the queue can say why they were not taken', () => {
    const x = write('budget.xlsx');
    expect(documentPathsFromArgv(['faxdesk', x], '/')).toEqual([x]);
  });
});

describe('IntakeQueue', () => {
  it('offers accepted documents to the renderer with name, size and source, and rejects the rest with a reason', () => {
    const r = recorder();
    const q = new IntakeQueue({ emit: r.emit as never });
    const pdf = write('报价单 2024.pdf', 'x'.repeat(1234));
    const xlsx = write('sheet.xlsx');
    const empty = write('empty.txt', '');
    const big = write('huge.png', Buffer.alloc(MAX_DOCUMENT_BYTES + 1));
    const sub = path.join(dir, 'folder.pdf');
    fs.mkdirSync(sub);
    const offered = q.offer([pdf, xlsx, empty, big, sub, path.join(dir, 'gone.pdf')], 'argv');

    expect(offered.documents).toEqual([{ id: expect.any(String), handle: expect.stringMatching(/^fh_/), name: '报价单 2024.pdf', size: 1234, source: 'argv' }]);
    expect(q.grants.pathOf(offered.documents[0]!.handle)).toBe(pdf);
    expect(offered.rejected.map((x) => [x.name, x.reason])).toEqual([
      ['sheet.xlsx', 'unsupported_type'],
      ['empty.txt', 'empty'],
      ['huge.png', 'too_large'],
      ['folder.pdf', 'not_a_file'],
      ['gone.pdf', 'not_found'],
    ]);
    // only the offer: the window decides whether to switch screens (not while the user types elsewhere)
    expect(r.sent.map((s) => s.name)).toEqual(['documentsOffered']);
    expect(r.sent[0]!.payload).toEqual(offered);
  });

  it('keeps documents offered before the Send screen exists, hands them over until the window claims them, then forgets them', () => {
    const q = new IntakeQueue({ emit: () => {} });
    const a = write('a.pdf');
    const b = write('b.JPG');
    q.offer([a], 'open-file');
    q.offer([b, b], 'second-instance');
    q.offer([a], 'second-instance'); // a is already waiting: the newer offer replaces it, not twice
    const taken = q.take();
    expect(taken.documents.map((d) => [d.name, d.source])).toEqual([
      ['b.JPG', 'second-instance'],
      ['a.pdf', 'second-instance'],
    ]);
    // taken, not yet on the form (the window was reloaded in between): handed over again, with the same ids
    expect(q.take().documents).toEqual(taken.documents);
    // b is on the form: a is still handed over; a newer offer of a replaces the one handed over before, not twice
    expect(q.claim([taken.documents[0]!.handle]).map((d) => d.name)).toEqual(['b.JPG']);
    q.offer([a], 'open-file');
    expect(q.take().documents.map((d) => [d.name, d.source])).toEqual([['a.pdf', 'open-file']]);
    q.claim([taken.documents[1]!.handle]);
    expect(q.take()).toEqual({ documents: [], rejected: [], overflow: 0 });
  });

  it(`offers every file beyond ${MAX_DOCUMENTS} and counts the overflow, dropping none`, () => {
    const r = recorder();
    const q = new IntakeQueue({ emit: r.emit as never });
    const files = ['1.pdf', '2.doc', '3.docx', '4.txt', '5.jpeg'].map((n) => write(n));
    q.offer(files, 'argv');
    const payload = r.sent[0]!.payload as DocumentsOffered;
    expect(payload.documents).toHaveLength(5);
    expect(payload.overflow).toBe(2);
    expect(q.take().overflow).toBe(2);
  });

  it('sends nothing when there was nothing to offer', () => {
    const r = recorder();
    new IntakeQueue({ emit: r.emit as never }).offer([], 'argv');
    expect(r.sent).toEqual([]);
  });
});
