/**
 * "Resend to failed" through main's handler, against the simulator on loopback and a real history, each
 * task's end read from the service as the tracker would (no polling rounds): what is sent, to whom, what
 * is refused before anything goes, and what the user is told (mutation module `resend-and-retry`).
 * The whole path with the tracker: lifecycle.test.ts; another desk's fax: office-resend.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openHistory } from '@main/history';
import { afterEach, describe, expect, it } from 'vitest';
import { serveOnLoopback } from '../../helpers/loopback-origin';
import { makeRig, samplePdf, type Rig } from './helpers';

const OK = '8613800138000';
const BUSY = '8613800138666';
const NO_ANSWER = '8613800138777';
const NOT_FAX = '8613800138888';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

/** Moves the service's time on until the task ended, and stores its last answer in the history. */
async function finish(r: Rig, taskRef: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await r.clock.advance(60_000);
    const task = await r.client.getTask(taskRef);
    r.history.applyTaskResponse(task);
    if (task.status === 'done' || task.status === 'failed') return;
  }
  throw new Error(`task ${taskRef} did not end`);
}

/** A fax sent and ended: the history holds it with its file. */
async function sentAndEnded(r: Rig, name: string, numbers: string[]): Promise<{ taskRef: string; file: string }> {
  const file = await samplePdf(r.dir, 1);
  const taskRef = await r.send(name, numbers, file);
  await finish(r, taskRef);
  return { taskRef, file };
}

const numbersOf = (r: Rig, taskRef: string) => r.sim.tasks().find((t) => t.task_ref === taskRef)!.recipients.map((x) => x.phone_number);

describe('resending a fax of this desk', () => {
  it('all failed: one new task to the failed numbers only, named as a resend, linked, logged', async () => {
    rig = await makeRig();
    const { taskRef } = await sentAndEnded(rig, 'Invoice', [OK, BUSY, NOT_FAX]);
    const out = await rig.handlers.resendFailed({ taskRef, only: 'all' });
    expect(out).toMatchObject({ phoneNumbers: [BUSY, NOT_FAX], reuploaded: 0 });
    expect(rig.sim.taskCount()).toBe(2);
    expect(numbersOf(rig, out.taskRef)).toEqual([BUSY, NOT_FAX]);
    expect(rig.history.getTask(out.taskRef)).toMatchObject({ name: 'Invoice (resend)', resendOf: taskRef });
    expect(rig.logLines.some((l) => l.includes(`resend of ${taskRef} (all): task ${out.taskRef} to 2 number(s)`))).toBe(true);
  });

  it('busy or no answer only: the number that is no fax is left out', async () => {
    rig = await makeRig();
    const { taskRef } = await sentAndEnded(rig, 'Invoice', [NOT_FAX, BUSY, NO_ANSWER]);
    const out = await rig.handlers.resendFailed({ taskRef, only: 'retryable' });
    expect(numbersOf(rig, out.taskRef)).toEqual([BUSY, NO_ANSWER]);
  });

  it('a Chinese desk names the resend in Chinese', async () => {
    rig = await makeRig({ settings: { language: 'zh-CN' } });
    const { taskRef } = await sentAndEnded(rig, '发票', [BUSY]);
    const out = await rig.handlers.resendFailed({ taskRef, only: 'all' });
    expect(rig.history.getTask(out.taskRef)!.name).toBe('发票（重发）');
  });

  it('nothing failed: refused, nothing sent', async () => {
    rig = await makeRig();
    const { taskRef } = await sentAndEnded(rig, 'All good', [OK]);
    await expect(rig.handlers.resendFailed({ taskRef, only: 'all' })).rejects.toMatchObject({ code: 'tasks.nothing_to_resend' });
    expect(rig.sim.taskCount()).toBe(1);
  });

  it('a task FaxDesk has never seen: told to add it by reference first', async () => {
    rig = await makeRig();
    await expect(rig.handlers.resendFailed({ taskRef: 'fax_not_here', only: 'all' })).rejects.toMatchObject({
      code: 'tasks.not_found',
      message: expect.stringContaining('Look up by reference'),
    });
    expect(rig.sim.taskCount()).toBe(0);
  });
});

describe('what goes with a resend', () => {
  it('the phonebook names of the numbers it resends, and the balance is read again once it is created', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 1);
    const up = await rig.client.uploadFile(file);
    const { taskIds } = rig.history.recordSend({
      name: 'Invoices',
      files: [{ path: file, name: 'invoice.pdf', size: fs.statSync(file).size, pages: 1, fileRef: up.file_ref }],
      parts: [{ name: 'Invoices', phoneNumbers: [OK, BUSY] }],
      contactNames: new Map([
        [OK, 'Anna Schmidt'],
        [BUSY, '王芳'],
      ]),
    });
    const created = await rig.client.createTask({ name: 'Invoices', file_refs: [up.file_ref], phone_numbers: [OK, BUSY] });
    rig.history.recordCreated(taskIds[0]!, created);
    await finish(rig, String(created.task_ref));
    await rig.quiet();
    const reads = rig.accountReads();
    const out = await rig.handlers.resendFailed({ taskRef: String(created.task_ref), only: 'all' });
    expect(rig.history.getTask(out.taskRef)!.recipients.map((r) => [r.phoneNumber, r.contactName])).toEqual([[BUSY, '王芳']]);
    await rig.quiet();
    expect(rig.accountReads()).toBe(reads + 1);
  });

  it('a fax of the demo is never resent on the connected account', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 1);
    // recorded by the same history while the demo was on (another profile)
    const demo = openHistory(path.join(rig.dir, 'history.sqlite'), { now: rig.clock.now, profile: () => 'demo' });
    try {
      const up = await rig.client.uploadFile(file);
      const { taskIds } = demo.recordSend({
        name: 'Demo fax',
        files: [{ path: file, name: 'a.pdf', size: 1, pages: 1, fileRef: up.file_ref }],
        parts: [{ name: 'Demo fax', phoneNumbers: [BUSY] }],
        scheduledAt: null,
      });
      const created = await rig.client.createTask({ name: 'Demo fax', file_refs: [up.file_ref], phone_numbers: [BUSY] });
      demo.recordCreated(taskIds[0]!, created);
    } finally {
      demo.close();
    }
    const taskRef = rig.sim.tasks()[0]!.task_ref;
    await finish(rig, taskRef);
    await expect(rig.handlers.resendFailed({ taskRef, only: 'all' })).rejects.toMatchObject({
      code: 'tasks.demo_readonly',
      message: '“Demo fax” is a demo fax: it cannot be resent on your account, and nothing was uploaded or sent. Send the documents from the Send screen to fax them for real.',
    });
    expect(rig.sim.taskCount()).toBe(1);
  });
});

describe('never the same numbers twice without asking', () => {
  it('resent once: the same numbers again are asked about first, naming the earlier resend; nothing is sent until confirmed', async () => {
    rig = await makeRig();
    const { taskRef } = await sentAndEnded(rig, 'Invoice', [OK, BUSY]);
    const first = await rig.handlers.resendFailed({ taskRef, only: 'all' });
    await expect(rig.handlers.resendFailed({ taskRef, only: 'all' })).rejects.toMatchObject({
      code: 'tasks.already_resent',
      details: { taskRef: first.taskRef, taskName: 'Invoice (resend)' },
    });
    expect(rig.sim.taskCount()).toBe(2);
    const again = await rig.handlers.resendFailed({ taskRef, only: 'all', confirmRepeat: true });
    expect(numbersOf(rig, again.taskRef)).toEqual([BUSY]);
    expect(rig.sim.taskCount()).toBe(3);
  });

  it('two clicks at once: one resend, the other asked', async () => {
    rig = await makeRig();
    const { taskRef } = await sentAndEnded(rig, 'Invoice', [BUSY]);
    const both = await Promise.allSettled([
      rig.handlers.resendFailed({ taskRef, only: 'all' }),
      rig.handlers.resendFailed({ taskRef, only: 'all' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'tasks.already_resent' } });
    expect(rig.sim.taskCount()).toBe(2);
  });

  it('all failed resent first: a later busy-only resend shares a number with it and is asked about too', async () => {
    rig = await makeRig();
    const { taskRef } = await sentAndEnded(rig, 'Invoice', [BUSY, NOT_FAX]);
    await rig.handlers.resendFailed({ taskRef, only: 'all' });
    await expect(rig.handlers.resendFailed({ taskRef, only: 'retryable' })).rejects.toMatchObject({ code: 'tasks.already_resent' });
    expect(rig.sim.taskCount()).toBe(2);
  });

  it('a resend of another fax to the same number is not asked about', async () => {
    rig = await makeRig();
    const a = await sentAndEnded(rig, 'Invoice', [BUSY]);
    const b = await sentAndEnded(rig, 'Price list', [BUSY]);
    await rig.handlers.resendFailed({ taskRef: a.taskRef, only: 'all' });
    const out = await rig.handlers.resendFailed({ taskRef: b.taskRef, only: 'all' });
    expect(numbersOf(rig, out.taskRef)).toEqual([BUSY]);
  });
});

describe('the documents', () => {
  it('a task added by reference has no documents here: told to send them from the Send screen, nothing sent', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 1);
    const up = await rig.client.uploadFile(file);
    const created = await rig.client.createTask({ name: 'From elsewhere', file_refs: [up.file_ref], phone_numbers: [BUSY] });
    const taskRef = String(created.task_ref);
    rig.history.addTrackedTaskRef(taskRef);
    await finish(rig, taskRef);
    await expect(rig.handlers.resendFailed({ taskRef, only: 'all' })).rejects.toMatchObject({
      code: 'tasks.no_documents',
      message: expect.stringContaining('Send screen'),
    });
    expect(rig.sim.taskCount()).toBe(1);
  });

  it('a document never uploaded (no file_ref kept) is uploaded before the resend', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 1);
    const up = await rig.client.uploadFile(file);
    const { taskIds } = rig.history.recordSend({
      name: 'Ref lost',
      files: [{ path: file, name: 'a.pdf', size: fs.statSync(file).size, pages: 1, fileRef: null }],
      parts: [{ name: 'Ref lost', phoneNumbers: [BUSY] }],
      scheduledAt: null,
    });
    const created = await rig.client.createTask({ name: 'Ref lost', file_refs: [up.file_ref], phone_numbers: [BUSY] });
    rig.history.recordCreated(taskIds[0]!, created);
    const taskRef = String(created.task_ref);
    await finish(rig, taskRef);
    const before = rig.sim.files().length;
    const out = await rig.handlers.resendFailed({ taskRef, only: 'all' });
    expect(out.reuploaded).toBe(1);
    expect(rig.sim.files()).toHaveLength(before + 1);
    // under the name the user gave the document, not the name of the file on disk
    expect(rig.sim.files().at(-1)).toMatchObject({ file_name: 'a.pdf' });
    expect(rig.sim.tasks().find((t) => t.task_ref === out.taskRef)!.file_refs).toEqual([rig.sim.files().at(-1)!.file_ref]);
  });

  it('kept at the service: the resend reuses the documents as they are there, nothing uploaded', async () => {
    rig = await makeRig();
    const { taskRef } = await sentAndEnded(rig, 'Kept', [OK, BUSY]);
    const before = rig.sim.files().length;
    const out = await rig.handlers.resendFailed({ taskRef, only: 'all' });
    expect(out.reuploaded).toBe(0);
    expect(rig.sim.files()).toHaveLength(before);
    expect(rig.sim.tasks()[1]!.file_refs).toEqual(rig.sim.tasks()[0]!.file_refs);
  });

  it('expired at the service: uploaded again from this computer once, and the resend goes with the new upload', async () => {
    rig = await makeRig();
    const { taskRef } = await sentAndEnded(rig, 'Expired', [OK, BUSY]);
    rig.sim.expireFileRefs();
    const before = rig.sim.files().length;
    const out = await rig.handlers.resendFailed({ taskRef, only: 'all' });
    expect(out).toMatchObject({ phoneNumbers: [BUSY], reuploaded: 1 });
    expect(rig.sim.files()).toHaveLength(before + 1);
    expect(rig.sim.tasks().find((t) => t.task_ref === out.taskRef)!.file_refs).toEqual([rig.sim.files().at(-1)!.file_ref]);
    expect(rig.sim.taskCount()).toBe(2);
    // the resend remembers its new upload: when it fails too, resending it uploads nothing more
    await finish(rig, out.taskRef);
    const again = await rig.handlers.resendFailed({ taskRef: out.taskRef, only: 'all' });
    expect(again.reuploaded).toBe(0);
    expect(rig.sim.files()).toHaveLength(before + 1);
    // the log says which resend met the refused file_ref
    expect(rig.logLines.some((l) => l.includes(`resend of ${taskRef} (all): file_ref refused; uploading the documents again`))).toBe(true);
  });

  it('added by URL and expired at the service: the service fetches the URL again', async () => {
    rig = await makeRig({ sim: { allowLoopbackRemoteUrls: true } });
    const pdf = fs.readFileSync(await samplePdf(rig.dir, 1));
    const origin = await serveOnLoopback(pdf);
    try {
      // Upper case, as a person may paste it: still a URL, not a path on this computer.
      const url = `${origin.base.replace('http:', 'HTTP:')}/price-list.pdf`;
      const up = await rig.client.uploadFromUrl(url, 'price-list.pdf');
      const { taskIds } = rig.history.recordSend({
        name: 'From a URL',
        files: [{ path: url, name: 'price-list.pdf', size: 0, pages: 1, fileRef: up.file_ref }],
        parts: [{ name: 'From a URL', phoneNumbers: [BUSY] }],
        scheduledAt: null,
      });
      const created = await rig.client.createTask({ name: 'From a URL', file_refs: [up.file_ref], phone_numbers: [BUSY] });
      rig.history.recordCreated(taskIds[0]!, created);
      await finish(rig, String(created.task_ref));
      rig.sim.expireFileRefs();
      const out = await rig.handlers.resendFailed({ taskRef: String(created.task_ref), only: 'all' });
      expect(out.reuploaded).toBe(1);
      expect(origin.requests()).toBe(2);
      expect(rig.sim.files().at(-1)).toMatchObject({ file_name: 'price-list.pdf', mode: 'url' });
    } finally {
      await origin.close();
    }
  });

  it('expired at the service and deleted here: told where to put it back, nothing sent', async () => {
    rig = await makeRig();
    const { taskRef, file } = await sentAndEnded(rig, 'Gone', [BUSY]);
    rig.sim.expireFileRefs();
    fs.rmSync(file);
    await expect(rig.handlers.resendFailed({ taskRef, only: 'all' })).rejects.toMatchObject({
      code: 'tasks.document_unreadable',
      message: expect.stringContaining(file),
      details: { name: 'sample-1p.pdf' },
    });
    expect(rig.sim.taskCount()).toBe(1);
  });

  it('expired at the service and grown past the service’s 10 MB here: told it is too large, not that it cannot be read', async () => {
    rig = await makeRig();
    const { taskRef, file } = await sentAndEnded(rig, 'Grown', [BUSY]);
    rig.sim.expireFileRefs();
    fs.writeFileSync(file, Buffer.alloc(11 * 1024 * 1024, 0x20));
    await expect(rig.handlers.resendFailed({ taskRef, only: 'all' })).rejects.toMatchObject({ code: 'file.too_large' });
    expect(rig.sim.taskCount()).toBe(1);
  });

  it('expired at the service and no local copy recorded: told to send it again, nothing sent', async () => {
    rig = await makeRig();
    const file = await samplePdf(rig.dir, 1);
    const up = await rig.client.uploadFile(file);
    const { taskIds } = rig.history.recordSend({
      name: 'No copy',
      files: [{ path: '', name: 'scan.pdf', size: 1, pages: 1, fileRef: up.file_ref }],
      parts: [{ name: 'No copy', phoneNumbers: [BUSY] }],
      scheduledAt: null,
    });
    const created = await rig.client.createTask({ name: 'No copy', file_refs: [up.file_ref], phone_numbers: [BUSY] });
    rig.history.recordCreated(taskIds[0]!, created);
    const taskRef = String(created.task_ref);
    await finish(rig, taskRef);
    rig.sim.expireFileRefs();
    await expect(rig.handlers.resendFailed({ taskRef, only: 'all' })).rejects.toMatchObject({
      code: 'tasks.document_missing',
      message: expect.stringContaining('“scan.pdf” has no local copy'),
      details: { name: 'scan.pdf' },
    });
    expect(rig.sim.taskCount()).toBe(1);
  });
});

describe('a resend the service refuses', () => {
  it('no balance left: the service’s reason reaches the user, nothing is created, and a later resend is not asked about', async () => {
    rig = await makeRig();
    const { taskRef } = await sentAndEnded(rig, 'Invoice', [BUSY]);
    rig.sim.setAccount({ balance: 0 });
    await expect(rig.handlers.resendFailed({ taskRef, only: 'all' })).rejects.toMatchObject({ code: 'business.insufficient_balance' });
    expect(rig.sim.taskCount()).toBe(1);
    rig.sim.setAccount({ balance: 100 });
    const out = await rig.handlers.resendFailed({ taskRef, only: 'all' });
    expect(numbersOf(rig, out.taskRef)).toEqual([BUSY]);
  });

  it('the answer to the create is lost: the user is told, and a second try is asked about, since the first may have gone', async () => {
    rig = await makeRig({ clientAttempts: 1 });
    const { taskRef } = await sentAndEnded(rig, 'Invoice', [BUSY]);
    rig.sim.setFaults({ create: 'commit-then-drop', createFaultCount: 1 });
    const lost = await Promise.resolve(rig.handlers.resendFailed({ taskRef, only: 'all' })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(lost).toMatchObject({ code: 'network.outcome_unknown', message: expect.stringContaining('may have been created anyway') });
    expect(rig.sim.taskCount()).toBe(2);
    // the history says so (the task list shows it as unknown, to be checked)
    expect(rig.history.resendsOf(taskRef).map((r) => r.status)).toEqual(['outcome_unknown']);
    await expect(rig.handlers.resendFailed({ taskRef, only: 'all' })).rejects.toMatchObject({ code: 'tasks.already_resent' });
    expect(rig.sim.taskCount()).toBe(2);
  });
});
