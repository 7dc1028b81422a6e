import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import type { DocumentsOffered, HotFolderStatus } from '@shared/ipc/channels/intake';
import type { SendResult } from '@shared/send/types';
import { grantDroppedFile } from '@main/files/grants';
import { makeTestServices, type TestServices } from '../../helpers/services';
import { samplePdf } from '../../helpers/sample-documents';

let t: TestServices | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.cleanup();
  t = null;
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-outbox-'));
  dirs.push(d);
  return d;
}

describe('intake through the IPC contract', () => {
  it('hot folder follows the setting, the Send screen takes what arrived, and the send files it under sent/ (main, not the window)', async () => {
    t = await makeTestServices();
    const { services, emitted } = t;
    const outbox = path.join(tempDir(), 'Outbox 传真');

    // on by default, at ~/FaxDesk/Outbox (the printer's outbox; the test's home is its data folder)
    let status = (await dispatch(services.handlers, 'hotFolderStatus', undefined)) as { ok: true; value: HotFolderStatus };
    expect(status.value).toEqual({ enabled: true, watching: true, path: path.join(t.dataDir, 'FaxDesk', 'Outbox'), problem: null });

    // the window cannot name the folder; the user picks it in main's folder dialog
    const typed = await dispatch(services.handlers, 'updateSettings', { hotFolder: { enabled: true, path: outbox } });
    expect(typed).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    expect(services.settings.get().hotFolder).toEqual({ enabled: true, path: '' });
    t.dialogs.answers.folder.push(outbox);
    expect(await dispatch(services.handlers, 'chooseHotFolder', undefined)).toMatchObject({ ok: true, value: { chosen: true } });
    expect(await dispatch(services.handlers, 'updateSettings', { hotFolder: { enabled: true } })).toMatchObject({
      ok: true,
      value: { hotFolder: { enabled: true, path: outbox } },
    });
    status = (await dispatch(services.handlers, 'hotFolderStatus', undefined)) as { ok: true; value: HotFolderStatus };
    expect(status.value).toEqual({ enabled: true, path: outbox, watching: true, problem: null });
    expect(fs.existsSync(path.join(outbox, 'sent'))).toBe(true);

    const file = path.join(outbox, 'letter.pdf');
    fs.writeFileSync(file, '%PDF-1.4\n%%EOF\n');
    await expect.poll(() => emitted.filter((e) => e.name === 'documentsOffered').length, { timeout: 10_000 }).toBe(1);
    // only the offer: the window decides whether to switch to Send (it asks when a draft is open, #30 item 5)
    expect(emitted.map((e) => e.name).filter((n) => n !== 'hotFolderStatusChanged')).toEqual(['documentsOffered']);

    const taken = (await dispatch(services.handlers, 'takePendingDocuments', undefined)) as { ok: true; value: DocumentsOffered };
    expect(taken.value.documents).toMatchObject([{ name: 'letter.pdf', source: 'hot-folder' }]);
    const handle = taken.value.documents[0]!.handle;
    expect(JSON.stringify(taken.value)).not.toContain(outbox);
    // handed over until the Send screen has it on its form; then never again
    const again = (await dispatch(services.handlers, 'takePendingDocuments', undefined)) as { ok: true; value: DocumentsOffered };
    expect(again.value.documents).toEqual(taken.value.documents);
    expect(await dispatch(services.handlers, 'claimDocuments', { handles: [handle] })).toMatchObject({ ok: true });
    expect(((await dispatch(services.handlers, 'takePendingDocuments', undefined)) as { ok: true; value: DocumentsOffered }).value.documents).toEqual([]);

    // a file the user dropped (not offered by the hot folder) goes out in the same fax and is not moved
    const other = path.join(tempDir(), 'elsewhere.pdf');
    fs.writeFileSync(other, '%PDF-1.4\n%%EOF\n');
    const dropped = grantDroppedFile(services.grants, other).handle;
    const documents = [
      { handle, url: null, name: 'letter.pdf', pages: 1, fileRef: null },
      { handle: dropped, url: null, name: 'elsewhere.pdf', pages: 1, fileRef: null },
    ];
    // demo mode: the built-in simulator queues it
    const sent = (await dispatch(services.handlers, 'sendFax', { name: 'Letter', documents, numbers: ['8613800138000'], scheduledAt: null })) as { ok: true; value: SendResult };
    expect(sent).toMatchObject({ ok: true, value: { overall: 'sent' } });
    expect(sent.value.filing).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readFileSync(path.join(outbox, 'sent', 'letter.pdf'), 'utf8')).toContain('%PDF-1.4');
    // The handle the window holds follows the document into sent/: its thumbnail and viewer still read it (#30, item 16).
    expect(services.grants.pathOf(handle, 'input')).toBe(path.join(outbox, 'sent', 'letter.pdf'));
    expect(fs.existsSync(other)).toBe(true);

    services.settings.update({ hotFolder: { enabled: false, path: outbox } });
    expect(services.intake.status().watching).toBe(false);
  });

  it('reports a hot folder it cannot create instead of failing silently', async () => {
    t = await makeTestServices();
    const blocker = path.join(tempDir(), 'a-file');
    fs.writeFileSync(blocker, 'x');
    t.services.settings.update({ hotFolder: { enabled: true, path: path.join(blocker, 'Outbox') } });
    const s = t.services.intake.status();
    expect(s.watching).toBe(false);
    expect(s.problem).toMatch(/cannot be used/);
    expect(s.problemKind).toEqual({ kind: 'cannot_use', code: 'ENOTDIR' });
  });

  it('reports a watched folder that disappears', async () => {
    t = await makeTestServices({}, { intake: { hotFolder: { settleMs: 200, rescanMs: 150 } } });
    const outbox = path.join(tempDir(), 'Outbox');
    t.services.settings.update({ hotFolder: { enabled: true, path: outbox } });
    expect(t.services.intake.status().problem).toBeNull();
    fs.rmSync(outbox, { recursive: true });
    await expect.poll(() => t!.services.intake.status().problem, { timeout: 5_000 }).toMatch(/cannot be read \(ENOENT\)/);
    expect(t.services.intake.status().problemKind).toEqual({ kind: 'cannot_read', code: 'ENOENT' });
  });

  it('tells the window each time the hot folder status changes (chosen, unreadable, readable again, turned off), once per change', async () => {
    t = await makeTestServices({}, { intake: { hotFolder: { settleMs: 200, rescanMs: 150 } } });
    const { services, emitted } = t;
    const told = () => emitted.filter((e) => e.name === 'hotFolderStatusChanged').map((e) => e.payload as HotFolderStatus);
    const before = told().length;
    const outbox = path.join(tempDir(), 'Outbox');
    services.settings.update({ hotFolder: { enabled: true, path: outbox } });
    expect(told().slice(before)).toEqual([{ enabled: true, path: outbox, watching: true, problem: null }]);
    // a change that does not touch the hot folder says nothing
    services.settings.update({ language: 'zh-CN' });
    expect(told().length).toBe(before + 1);

    fs.rmSync(outbox, { recursive: true });
    await expect.poll(() => told().length, { timeout: 5_000 }).toBe(before + 2);
    expect(told().at(-1)).toMatchObject({ enabled: true, watching: true, problem: expect.stringMatching(/cannot be read \(ENOENT\)/), problemKind: { kind: 'cannot_read', code: 'ENOENT' } });
    // the rescans that find it still missing tell nothing more. Real time: the services' hot folder rescans on the
    // system clock here (150 ms, a real directory's disappearance); 400 ms is more than two rescans
    await new Promise((res) => setTimeout(res, 400));
    expect(told().length).toBe(before + 2);

    fs.mkdirSync(outbox);
    await expect.poll(() => told().length, { timeout: 5_000 }).toBe(before + 3);
    expect(told().at(-1)).toEqual({ enabled: true, path: outbox, watching: true, problem: null });

    services.settings.update({ hotFolder: { enabled: false, path: outbox } });
    expect(told().at(-1)).toEqual({ enabled: false, path: outbox, watching: false, problem: null });
    expect(told().length).toBe(before + 4);
  });

  it('a printed document taken by a window that closed before putting it on its form is offered again at the next start; one on the form is not', async () => {
    t = await makeTestServices({}, { intake: { hotFolder: { settleMs: 200, rescanMs: 150 } } });
    const outbox = path.join(tempDir(), 'Outbox');
    t.services.settings.update({ hotFolder: { enabled: true, path: outbox } });
    const pdf = await samplePdf(1);
    fs.writeFileSync(path.join(outbox, 'attached.pdf'), pdf);
    fs.writeFileSync(path.join(outbox, 'asked.pdf'), pdf);
    await expect.poll(() => t!.services.intake.queue.peek().documents.length, { timeout: 10_000 }).toBe(2);
    const taken = ((await dispatch(t.services.handlers, 'takePendingDocuments', undefined)) as { ok: true; value: DocumentsOffered }).value;
    expect(taken.documents.map((d) => d.name).sort()).toEqual(['asked.pdf', 'attached.pdf']);
    // attached.pdf went onto the form; asked.pdf waited for the user's answer (a new fax, or this one?) when FaxDesk quit
    const attached = taken.documents.find((d) => d.name === 'attached.pdf')!.handle;
    expect(await dispatch(t.services.handlers, 'claimDocuments', { handles: [attached] })).toMatchObject({ ok: true });

    const first = t;
    t = null;
    await first.services.close();
    dirs.push(first.dataDir);
    const next = await makeTestServices({ dataDir: first.dataDir }, { intake: { home: first.dataDir, hotFolder: { settleMs: 200, rescanMs: 150 } } });
    try {
      next.services.settings.update({ hotFolder: { enabled: true, path: outbox } });
      fs.writeFileSync(path.join(outbox, 'new.pdf'), pdf);
      // new.pdf, written after them, needed at least as many looks: had attached.pdf been offered again, it would be by now
      await expect.poll(() => next.services.intake.queue.peek().documents.map((d) => d.name), { timeout: 10_000 }).toContain('new.pdf');
      expect(next.services.intake.queue.peek().documents.map((d) => d.name).sort()).toEqual(['asked.pdf', 'new.pdf']);
    } finally {
      await next.cleanup();
    }
  });

  it('files a refused document under failed/ with the reason beside it, and a failed move is an error the user sees, never a second offer', async () => {
    t = await makeTestServices({}, { intake: { hotFolder: { settleMs: 200, rescanMs: 150 } } });
    const { services, emitted } = t;
    const outbox = path.join(tempDir(), 'Outbox');
    services.settings.update({ hotFolder: { enabled: true, path: outbox } });
    const pdf = await samplePdf(1);
    fs.writeFileSync(path.join(outbox, 'refused.pdf'), pdf);
    fs.writeFileSync(path.join(outbox, 'stuck.pdf'), pdf);
    await expect.poll(() => services.intake.queue.peek().documents.length, { timeout: 10_000 }).toBe(2);
    const taken = ((await dispatch(services.handlers, 'takePendingDocuments', undefined)) as { ok: true; value: DocumentsOffered }).value;
    expect(taken.documents.map((d) => d.name).sort()).toEqual(['refused.pdf', 'stuck.pdf']);

    const handleOf = (name: string) => taken.documents.find((d) => d.name === name)!.handle;
    // a send refused by the service (every part): the document goes to failed/ with the service's reason
    const refusal = { overall: 'refused' as const, parts: [{ error: { code: 'account.insufficient_balance', message: 'Insufficient balance' } }] as SendResult['parts'] };
    expect(services.intake.fileAfterSend([path.join(outbox, 'refused.pdf')], refusal)).toBeNull();
    // still attached on the Send screen: the handle follows it, so the next try reads it from failed/
    expect(services.grants.pathOf(handleOf('refused.pdf'), 'input')).toBe(path.join(outbox, 'failed', 'refused.pdf'));
    expect(JSON.parse(fs.readFileSync(path.join(outbox, 'failed', '.refused.pdf.faxdesk.json'), 'utf8'))).toMatchObject({ failure: { reason: 'Insufficient balance' } });
    expect(t.logLines.join('\n')).toMatch(/refused\.pdf moved to failed\/ \(Insufficient balance\)/);
    // an outcome nobody knows (the create may have reached the service) leaves the document where it is
    expect(services.intake.fileAfterSend([path.join(outbox, 'stuck.pdf')], { overall: 'outcome_unknown', parts: [] })).toBeNull();
    expect(fs.existsSync(path.join(outbox, 'stuck.pdf'))).toBe(true);

    // sent/ cannot be written: the fax still goes, the move fails, the send's result says so, and the document stays — not offered again
    fs.rmSync(path.join(outbox, 'sent'), { recursive: true });
    fs.writeFileSync(path.join(outbox, 'sent'), 'a file where the folder should be');
    const doc = { handle: handleOf('stuck.pdf'), url: null, name: 'stuck.pdf', pages: 1, fileRef: null };
    const stuck = (await dispatch(services.handlers, 'sendFax', { name: 'Stuck', documents: [doc], numbers: ['8613800138000'], scheduledAt: null })) as { ok: true; value: SendResult };
    expect(stuck).toMatchObject({ ok: true, value: { overall: 'sent', filing: { code: 'intake.settle_failed' } } });
    expect(stuck.value.filing!.message).toMatch(/stuck\.pdf could not be moved into the sent folder.*will not be offered again/);
    expect(fs.existsSync(path.join(outbox, 'stuck.pdf'))).toBe(true);
    const offersBefore = emitted.filter((e) => e.name === 'documentsOffered').length;

    // nor after a restart: the next FaxDesk over the same data folder leaves it alone
    fs.rmSync(path.join(outbox, 'sent'));
    const first = t;
    t = null;
    await first.services.close();
    dirs.push(first.dataDir);
    const again = await makeTestServices({ dataDir: first.dataDir }, { intake: { home: first.dataDir, hotFolder: { settleMs: 200, rescanMs: 150 } } });
    try {
      again.services.settings.update({ hotFolder: { enabled: true, path: outbox } });
      fs.writeFileSync(path.join(outbox, 'new.pdf'), pdf);
      // new.pdf, written after it, needed at least as many looks as stuck.pdf would have: had stuck.pdf been
      // offered again, it would have been by the time new.pdf is (an event, not a wait in which nothing happens)
      await expect.poll(() => again.services.intake.queue.peek().documents.map((d) => d.name), { timeout: 10_000 }).toContain('new.pdf');
      expect(again.services.intake.queue.peek().documents.map((d) => d.name)).toEqual(['new.pdf']);
    } finally {
      await again.cleanup();
    }
    expect(offersBefore).toBe(1);
  });

  it('moves a hot-folder file it cannot send into failed/ with a note in the desk\'s language, says so, and leaves a readable document where it is', async () => {
    t = await makeTestServices({}, { intake: { hotFolder: { settleMs: 200, rescanMs: 150 } } });
    const { services } = t;
    const outbox = path.join(tempDir(), 'Outbox');
    services.settings.update({ language: 'zh-CN', hotFolder: { enabled: true, path: outbox } });
    fs.writeFileSync(path.join(outbox, 'sheet.xlsx'), 'PK not a fax document');
    // one byte over the service's 10 MB, ending like a complete PDF
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    huge.write('%%EOF\n', huge.length - 6);
    fs.writeFileSync(path.join(outbox, 'scan.pdf'), huge);
    fs.writeFileSync(path.join(outbox, 'letter.pdf'), await samplePdf(1));
    await expect.poll(() => services.intake.queue.peek().documents.length, { timeout: 10_000 }).toBe(1);
    // (a type that cannot say where it ends is looked at after the quiet time, not the settle time)
    for (const name of ['scan.pdf', 'sheet.xlsx']) await expect.poll(() => fs.existsSync(path.join(outbox, 'failed', name)), { timeout: 10_000 }).toBe(true);
    const taken = ((await dispatch(services.handlers, 'takePendingDocuments', undefined)) as { ok: true; value: DocumentsOffered }).value;
    // the Send screen lists both with their reason, and that they went to failed/
    expect([...taken.rejected].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'scan.pdf', reason: 'too_large', source: 'hot-folder', movedToFailed: true },
      { name: 'sheet.xlsx', reason: 'unsupported_type', source: 'hot-folder', movedToFailed: true },
    ]);
    expect(fs.readdirSync(outbox).sort()).toEqual(['failed', 'letter.pdf', 'sent']);
    expect(fs.readFileSync(path.join(outbox, 'failed', 'sheet.xlsx'), 'utf8')).toBe('PK not a fax document');
    // beside it, a note the person at the folder can read: why, and what to do (in Chinese, the desk's language)
    const note = fs.readFileSync(path.join(outbox, 'failed', 'sheet.xlsx - 未发送的原因.txt'), 'utf8');
    expect(note).toContain('传真服务不接受 sheet.xlsx 的文件类型');
    expect(note).toContain('PDF（推荐）');
    expect(fs.readFileSync(path.join(outbox, 'failed', 'scan.pdf - 未发送的原因.txt'), 'utf8')).toContain('10 MB');
    // the readable document is offered and stays in the outbox root until its send
    expect(taken.documents.map((d) => d.name)).toEqual(['letter.pdf']);

    // in English for an English desk
    services.settings.update({ language: 'en' });
    fs.writeFileSync(path.join(outbox, 'photo.bmp'), 'BM');
    await expect.poll(() => fs.existsSync(path.join(outbox, 'failed', 'photo.bmp - why it was not sent.txt')), { timeout: 10_000 }).toBe(true);
    expect(fs.readFileSync(path.join(outbox, 'failed', 'photo.bmp - why it was not sent.txt'), 'utf8')).toMatch(/did not send this file.*\r\n\r\nphoto\.bmp is not a type the fax service accepts/s);
    expect(fs.existsSync(path.join(outbox, 'letter.pdf'))).toBe(true);
  });

  it('hands over a printed document with the numbers and name of its job, and says how many were printed while FaxDesk was closed', async () => {
    const home = tempDir();
    const outbox = path.join(home, 'FaxDesk', 'Outbox');
    fs.mkdirSync(outbox, { recursive: true });
    const pdf = await samplePdf(1);
    for (const [job, phone] of [[31, '+861012345678,021 8765 4321'], [32, '13800138000']] as const) {
      const name = `报价单 (print job ${job}).pdf`;
      fs.writeFileSync(path.join(outbox, `.${name}.faxdesk.json`), JSON.stringify({ version: 1, job, user: 'me', title: '报价单', options: `number-up=1 phone='${phone}' job-uuid=x` }));
      fs.writeFileSync(path.join(outbox, name), pdf);
      fs.utimesSync(path.join(outbox, name), new Date(Date.now() - 60_000 + job), new Date(Date.now() - 60_000 + job));
    }
    t = await makeTestServices({}, { intake: { home, hotFolder: { settleMs: 200, rescanMs: 150 } } });
    await expect.poll(() => t!.services.intake.queue.peek().documents.length, { timeout: 10_000 }).toBe(2);
    const taken = ((await dispatch(t.services.handlers, 'takePendingDocuments', undefined)) as { ok: true; value: DocumentsOffered }).value;
    expect(taken.waitingPrinted).toBe(2);
    expect(taken.documents.map((d) => [d.name, d.source, d.print])).toEqual([
      ['报价单 (print job 31).pdf', 'print', { recipients: ['+861012345678', '021 8765 4321'], name: '报价单' }],
      ['报价单 (print job 32).pdf', 'print', { recipients: ['13800138000'], name: '报价单' }],
    ]);
    // after the send the sidecar goes along into sent/
    const doc = { handle: taken.documents[0]!.handle, url: null, name: taken.documents[0]!.name, pages: 1, fileRef: null };
    expect(await dispatch(t.services.handlers, 'sendFax', { name: '报价单', documents: [doc], numbers: ['8613800138000'], scheduledAt: null })).toMatchObject({ ok: true });
    expect(fs.readdirSync(path.join(outbox, 'sent'), { withFileTypes: false }).sort()).toEqual(['.报价单 (print job 31).pdf.faxdesk.json', '报价单 (print job 31).pdf']);
  });
});
