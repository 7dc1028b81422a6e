import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateFault } from '../../../src/simulator/index';
import type { LocalComposeDocument as ComposeDocument } from '@main/send/local-documents';
import { CancelledError } from '@main/api/errors';
import { UserError } from '@main/errors';
import { createsSeen, makeRig, numbers, uploadsSeen, writePdf, type SendRig } from './helpers';

let rig: SendRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

const doc = (p: string, pages: number | null = 1): ComposeDocument => ({ path: p, url: null, name: path.basename(p), pages, fileRef: null });
const soon = () => Date.now() + 2 * 3600_000;

describe('uploading documents', () => {
  it('refuses a 10.5 MB file before any upload request reaches the service', async () => {
    rig = await makeRig();
    const big = path.join(rig.dir, 'huge.pdf');
    fs.writeFileSync(big, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10.5 * 1024 * 1024)]));
    await expect(rig.service.upload('u1', big)).rejects.toMatchObject({ code: 'document.too_large' });
    await expect(rig.service.send({ name: '', documents: [doc(big)], numbers: numbers(1), scheduledAt: null })).rejects.toBeInstanceOf(UserError);
    expect(uploadsSeen(rig.sim)).toBe(0);
    expect(createsSeen(rig.sim)).toBe(0);
    expect(rig.history.listTasks()).toHaveLength(0);
  });

  it('streams a file from disk with progress events up to its size', async () => {
    rig = await makeRig();
    const p = path.join(rig.dir, 'scan.jpg');
    fs.writeFileSync(p, Buffer.alloc(3 * 1024 * 1024 + 17, 7));
    const result = await rig.service.upload('u-progress', p);
    expect(result.size).toBe(3 * 1024 * 1024 + 17);
    expect(result.fileRef).toMatch(/^[A-Za-z0-9_-]+$/);
    const mine = rig.progress.filter((e) => e.uploadId === 'u-progress');
    expect(mine.length).toBeGreaterThan(1);
    expect(mine.at(-1)).toEqual({ uploadId: 'u-progress', sent: result.size, total: result.size });
    for (let i = 1; i < mine.length; i++) expect(mine[i]!.sent).toBeGreaterThanOrEqual(mine[i - 1]!.sent);
  });

  it('a send reuses the reference of a document uploaded as it is now, and uploads it again once it has changed', async () => {
    rig = await makeRig();
    const p = path.join(rig.dir, 'letter.jpg');
    fs.writeFileSync(p, Buffer.alloc(64 * 1024, 1));
    await rig.service.upload('u-first', p);
    await rig.service.send({ name: '', documents: [doc(p)], numbers: numbers(1), scheduledAt: null });
    expect(uploadsSeen(rig.sim)).toBe(1);
    expect(createsSeen(rig.sim)).toBe(1);

    // Same size, new content and time: the remembered reference is not the file any more.
    fs.writeFileSync(p, Buffer.alloc(64 * 1024, 2));
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(p, later, later);
    await rig.service.send({ name: '', documents: [doc(p)], numbers: numbers(1, 5), scheduledAt: null });
    expect(uploadsSeen(rig.sim)).toBe(2);
  });

  it('a second upload of the same document while the first is in flight (a double click) is refused, and only one reaches the service', async () => {
    rig = await makeRig({ sim: { faults: { latencyMs: 300 } } });
    const p = path.join(rig.dir, 'scan.png');
    fs.writeFileSync(p, Buffer.alloc(2 * 1024 * 1024, 5));
    const first = rig.service.upload('u-twice', p);
    await expect(rig.service.upload('u-twice', p)).rejects.toMatchObject({ code: 'upload.busy' });
    await expect(first).resolves.toMatchObject({ size: 2 * 1024 * 1024 });
    expect(uploadsSeen(rig.sim)).toBe(1);
  });

  it('cancels an upload in flight', async () => {
    rig = await makeRig({ sim: { faults: { latencyMs: 300 } } });
    const p = path.join(rig.dir, 'scan.png');
    fs.writeFileSync(p, Buffer.alloc(8 * 1024 * 1024, 3));
    const before = rig.sim.counters().requests;
    const pending = rig.service.upload('u-cancel', p);
    // the upload has reached the service (held there by the latency fault): it is in flight
    await expect.poll(() => rig!.sim.counters().requests).toBeGreaterThan(before);
    expect(rig.service.cancelUpload('u-cancel')).toBe(true);
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(rig.service.cancelUpload('u-cancel')).toBe(false);
  });
});

describe('sending', () => {
  it('splits 250 numbers into 3 tasks shown as one send, each recorded with its rcpt_refs', async () => {
    rig = await makeRig();
    const pdf = await writePdf(rig.dir, 'Price list.pdf', 2);
    const list = numbers(250);
    const result = await rig.service.send({ name: '', documents: [doc(pdf, 2)], numbers: list, scheduledAt: null });
    expect(result.overall).toBe('sent');
    expect(result.parts.map((p) => [p.status, p.firstIndex, p.count, p.name])).toEqual([
      ['created', 0, 100, 'Price list (1/3)'],
      ['created', 100, 100, 'Price list (2/3)'],
      ['created', 200, 50, 'Price list (3/3)'],
    ]);
    expect(rig.sim.taskCount()).toBe(3);
    expect(uploadsSeen(rig.sim)).toBe(1);
    expect(result.sentNumbers).toEqual(list);
    for (const part of result.parts) {
      const stored = rig.history.getTask(part.task!.taskRef)!;
      expect(stored.createState).toBe('created');
      const simTask = rig.sim.tasks().find((t) => t.task_ref === part.task!.taskRef)!;
      const expected = simTask.recipients.map((r) => [r.phone_number, r.rcpt_ref]);
      expect(stored.recipients.map((r) => [r.phoneNumber, r.rcptRef])).toEqual(expected);
      expect(expected.map(([n]) => n)).toEqual(list.slice(part.firstIndex, part.firstIndex + part.count));
    }
  });

  it('sends the schedule in service time and refuses a time in the past before sending', async () => {
    rig = await makeRig();
    const pdf = await writePdf(rig.dir, 'a.pdf', 1);
    await expect(
      rig.service.send({ name: 'x', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: Date.now() - 60_000 }),
    ).rejects.toMatchObject({ code: 'send.schedule_past' });
    expect(createsSeen(rig.sim)).toBe(0);
    // A date no one means (found by the IPC fuzz: year ~274,000) is refused with a reason, not an internal error.
    await expect(
      rig.service.send({ name: 'x', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: 8_586_080_470_766_469 }),
    ).rejects.toMatchObject({ code: 'send.schedule_too_far', fields: { scheduledAt: ['Pick a time within the next ten years.'] } });
    expect(createsSeen(rig.sim)).toBe(0);
    const at = Date.UTC(2031, 0, 15, 1, 30, 0); // 09:30 in Shanghai
    const result = await rig.service.send({ name: 'x', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: at });
    expect(result.serviceScheduledAt).toBe('2031-01-15 09:30:00');
    expect(rig.sim.tasks()[0]!.scheduled_at).toBe('2031-01-15 09:30:00');
  });

  it('maps a validation error of the second task back to the right row of the whole send', async () => {
    // A stricter service: it refuses the 4th number of any task whose first number is the 101st of the list.
    const list = numbers(150);
    const strictFetch: typeof fetch = async (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes(list[100]!)) {
        const body = JSON.parse(init.body) as { phone_numbers: string[] };
        body.phone_numbers[3] = '0' + body.phone_numbers[3];
        return fetch(input, { ...init, body: JSON.stringify(body) });
      }
      return fetch(input, init);
    };
    rig = await makeRig({ fetch: strictFetch });
    const pdf = await writePdf(rig.dir, 'a.pdf', 1);
    const result = await rig.service.send({ name: 'Rates', documents: [doc(pdf)], numbers: list, scheduledAt: null });
    expect(result.overall).toBe('partial');
    expect(result.parts.map((p) => p.status)).toEqual(['created', 'refused']);
    expect(Object.keys(result.fields)).toEqual(['recipients.103']);
    expect(result.fields['recipients.103']![0]).toMatch(/format is invalid/);
    expect(result.sentNumbers).toEqual(list.slice(0, 100));
    expect(rig.sim.taskCount()).toBe(1);
  });

  it('refuses invalid or duplicate numbers itself, naming the rows', async () => {
    rig = await makeRig();
    const pdf = await writePdf(rig.dir, 'a.pdf', 1);
    const err = (await rig.service
      .send({ name: 'x', documents: [doc(pdf)], numbers: ['8610888812', '0123', '8610888812'], scheduledAt: null })
      .catch((e: unknown) => e)) as UserError;
    expect(err.code).toBe('send.invalid_numbers');
    expect(Object.keys(err.fields ?? {})).toEqual(['recipients.1', 'recipients.2']);
    expect(createsSeen(rig.sim)).toBe(0);
  });

  it('uploads again once and retries when the file_ref expired', async () => {
    rig = await makeRig();
    const pdf = await writePdf(rig.dir, 'a.pdf', 1);
    const first = await rig.service.upload('u', pdf);
    rig.sim.expireFileRefs();
    const result = await rig.service.send({ name: 'x', documents: [{ ...doc(pdf), fileRef: first.fileRef }], numbers: numbers(2), scheduledAt: null });
    expect(result.overall).toBe('sent');
    expect(uploadsSeen(rig.sim)).toBe(2);
    expect(createsSeen(rig.sim)).toBe(2);
    expect(rig.sim.taskCount()).toBe(1);
    expect(rig.sim.tasks()[0]!.file_refs).not.toContain(first.fileRef);
  });

  it('says which document is gone before creating anything when its ref expired and the file moved', async () => {
    rig = await makeRig();
    const pdf = await writePdf(rig.dir, 'gone.pdf', 1);
    const first = await rig.service.upload('u', pdf);
    rig.sim.expireFileRefs();
    fs.rmSync(pdf);
    const err = (await rig.service
      .send({ name: 'x', documents: [{ ...doc(pdf), fileRef: first.fileRef }], numbers: numbers(2), scheduledAt: null })
      .catch((e: unknown) => e)) as UserError;
    expect(err.message).toMatch(/gone\.pdf no longer exists/);
    expect(createsSeen(rig.sim)).toBe(0);
  });

  for (const fault of ['commit-then-drop', 'timeout', '500-after-commit'] as CreateFault[]) {
    it(`marks the send outcome unknown after '${fault}' and never resends on its own`, async () => {
      rig = await makeRig({ sim: { faults: { create: fault } } });
      const pdf = await writePdf(rig.dir, 'a.pdf', 1);
      const result = await rig.service.send({ name: 'Invoice', documents: [doc(pdf)], numbers: numbers(3), scheduledAt: null });
      expect(result.overall).toBe('outcome_unknown');
      expect(result.parts[0]).toMatchObject({ status: 'outcome_unknown', task: null });
      expect(result.parts[0]!.error?.message).toMatch(/Check the task list before sending again/);
      expect(rig.sim.taskCount()).toBe(1);
      expect(createsSeen(rig.sim)).toBe(1);
      const [row] = rig.history.listTasks();
      expect(row).toMatchObject({ createState: 'outcome_unknown', name: 'Invoice' });
    });
  }

  it('stops a split send at an unknown outcome: later parts are not attempted', async () => {
    rig = await makeRig();
    rig.sim.setFaults({ create: '500-after-commit', createFaultCount: 1 });
    const pdf = await writePdf(rig.dir, 'a.pdf', 1);
    const result = await rig.service.send({ name: 'Big', documents: [doc(pdf)], numbers: numbers(150), scheduledAt: null });
    expect(result.parts.map((p) => p.status)).toEqual(['outcome_unknown', 'not_attempted']);
    expect(rig.sim.taskCount()).toBe(1);
    expect(rig.history.listTasks().map((t) => t.createState).sort()).toEqual(['failed', 'outcome_unknown']);
  });

  it("reports '429-before-commit' as a clear refusal and creates nothing", async () => {
    rig = await makeRig({ sim: { faults: { create: '429-before-commit' } } });
    const pdf = await writePdf(rig.dir, 'a.pdf', 1);
    const result = await rig.service.send({ name: 'x', documents: [doc(pdf)], numbers: numbers(2), scheduledAt: null });
    expect(result.overall).toBe('refused');
    expect(result.parts[0]!.error).toMatchObject({ code: 'rate_limited' });
    expect(result.parts[0]!.error!.message).toMatch(/too many requests/);
    expect(rig.sim.taskCount()).toBe(0);
    expect(rig.history.listTasks()[0]).toMatchObject({ createState: 'failed' });
  });

  it('estimates cost from the last unit price once one is known', async () => {
    rig = await makeRig({ sim: { unitPrice: 0.3 } });
    expect(rig.service.estimateCost(3, 10)).toEqual({ unitPrice: null, priceSource: null, estimate: null, pages: 3 });
    const pdf = await writePdf(rig.dir, 'a.pdf', 2);
    await rig.service.send({ name: 'x', documents: [doc(pdf, 2)], numbers: numbers(2), scheduledAt: soon() });
    await expect.poll(() => rig!.service.estimateCost(3, 10).unitPrice).toBe(0.3);
    expect(rig.service.estimateCost(3, 10).estimate).toBe(9);
    expect(rig.service.estimateCost(null, 10).estimate).toBeNull();
  });
});
