/**
 * One send in order (send-flow.ts) over the simulator, the real client and
 * history: the office-wide claim is asked with the user's answer and taken
 * back only when nothing of the send reached the service; the phonebook's names
 * go with the task (and an unreadable phonebook does not stop the fax); the
 * documents are recorded as sent and filed by the outcome; one price query
 * follows a send that created a task, none follows one that did not.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorData } from '@shared/error-data';
import type { SendResult } from '@shared/send/types';
import { UserError } from '@main/errors';
import { documentBytes, fileDigest } from '@main/files/document-read';
import { createFileGrants, grantDroppedFile } from '@main/files/grants';
import { createSendFeature, type SendFeatureDeps } from '@main/send/send-feature';
import { toSendDocument, type LocalComposeDocument } from '@main/send/local-documents';
import { createsSeen, makeRig, numbers, uploadsSeen, type SendRig } from './helpers';

let rig: SendRig | null = null;
let server: http.Server | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
  if (server) await new Promise((r) => server!.close(r));
  server = null;
});

const doc = (p: string, pages: number | null = 1): LocalComposeDocument => ({ path: p, url: null, name: 'offer.jpg', pages, fileRef: null });

interface Claim {
  args: unknown[];
  released: number;
}

async function setUp(over: Partial<SendFeatureDeps> = {}, sim: Parameters<typeof makeRig>[0] = {}) {
  const clock = { t: Date.UTC(2026, 10, 27, 4, 0, 0) };
  rig = await makeRig({ ...sim, now: () => clock.t });
  const r = rig;
  const claims: Claim[] = [];
  const created = { count: 0 };
  const filed: { paths: readonly string[]; result: SendResult }[] = [];
  const service = createSendFeature({
    dataDir: r.dir,
    session: async () => ({ client: r.client, profile: 'account:test' }),
    history: r.history,
    serviceTimeZone: () => 'Asia/Shanghai',
    emitProgress: () => {},
    log: { info: (m: string) => void r.logLines.push(`info ${m}`), warn: (m: string) => void r.logLines.push(`warn ${m}`), error: () => {} } as never,
    now: () => clock.t,
    officeGuard: async (...args) => {
      const claim: Claim = { args, released: 0 };
      claims.push(claim);
      return async () => void claim.released++;
    },
    fileDocuments: (paths, result) => (filed.push({ paths, result }), null),
    onCreated: () => void created.count++,
    ...over,
  });
  // a JPEG: the checks before a send read it without loading the PDF reader (a mutant run stays short)
  const pdf = path.join(r.dir, 'offer.jpg');
  fs.writeFileSync(pdf, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]), Buffer.alloc(2048, 7)]));
  return { r, service, claims, filed, pdf, clock, created };
}

const taskQueries = (r: SendRig) => r.sim.requestLog().filter((e) => e.method === 'GET' && /\/faxes\/[^/]+$/.test(e.path)).length;

describe('the office-wide claim', () => {
  it('is asked with the profile, the fax, its name and whether the user confirmed, and kept when the fax went out', async () => {
    const { r, service, claims, pdf, created } = await setUp();
    const sent = await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(2), scheduledAt: null });
    expect(sent.overall).toBe('sent');
    expect(claims).toHaveLength(1);
    expect(claims[0]!.args).toEqual(['account:test', expect.stringMatching(/^[0-9a-f]{64}$/), 'Offer', false]);
    await new Promise((res) => setImmediate(res));
    expect(claims[0]!.released).toBe(0);
    // the same fax confirmed again: the office is told it was confirmed
    await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(2), scheduledAt: null, confirmRepeat: true });
    expect(claims[1]!.args).toEqual(['account:test', claims[0]!.args[1], 'Offer', true]);
    expect(createsSeen(r.sim)).toBe(2);
    expect(created.count).toBe(2);
    expect(r.logLines.filter((l) => l.startsWith('warn'))).toEqual([]);
  });

  it('without an office (no claim to ask or take back), no phonebook, no filing and no after-create step, a fax still goes out or is refused plainly', async () => {
    const none = { officeGuard: undefined, contactNames: undefined, fileDocuments: undefined, onCreated: undefined };
    const ok = await setUp(none);
    expect(await ok.service.send({ name: 'Offer', documents: [doc(ok.pdf)], numbers: numbers(1), scheduledAt: null })).toMatchObject({ overall: 'sent' });
    expect(ok.r.logLines.filter((l) => l.startsWith('warn'))).toEqual([]);
    await rig!.close();
    rig = null;
    const refused = await setUp(none, { sim: { faults: { create: '429-before-commit' } } });
    const result = await refused.service.send({ name: 'Offer', documents: [doc(refused.pdf)], numbers: numbers(1), scheduledAt: null });
    expect(result).toMatchObject({ overall: 'refused' });
    expect(result).not.toHaveProperty('filing');
  });

  it('is taken back when the service refused every part, and kept when one part may have gone out', async () => {
    const refused = await setUp({}, { sim: { faults: { create: '429-before-commit' } } });
    expect((await refused.service.send({ name: 'Offer', documents: [doc(refused.pdf)], numbers: numbers(1), scheduledAt: null })).overall).toBe('refused');
    await expect.poll(() => refused.claims[0]!.released).toBe(1);
    await rig!.close();
    rig = null;

    const unknown = await setUp({}, { sim: { faults: { create: '500-after-commit' } } });
    expect((await unknown.service.send({ name: 'Offer', documents: [doc(unknown.pdf)], numbers: numbers(1), scheduledAt: null })).overall).toBe('outcome_unknown');
    // a release would come in the next microtasks: one turn of the event loop runs them all, and none comes
    await new Promise((res) => setImmediate(res));
    expect(unknown.claims[0]!.released).toBe(0);
    expect(unknown.r.logLines).toContainEqual(expect.stringMatching(/^warn send part 1\/1: outcome unknown/));
    expect(unknown.created.count).toBe(0);
  });

  it('is not asked when this desk already knows the fax went out (asked first, before any upload)', async () => {
    const { r, service, claims, pdf } = await setUp();
    await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: null });
    const uploads = uploadsSeen(r.sim);
    const e = (await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: null }).catch((x: unknown) => x)) as UserError;
    expect(e.code).toBe('send.repeat');
    expect(claims).toHaveLength(1);
    expect(uploadsSeen(r.sim)).toBe(uploads);
    expect(createsSeen(r.sim)).toBe(1);
  });

  it('is taken back when the same fax from a copy of the file raced it to the intent: one task, the other asked', async () => {
    // The office answers once both desks' sends have asked (a slow database): both passed this desk's first check.
    let arrived = 0;
    let bothAsked!: () => void;
    const barrier = new Promise<void>((res) => (bothAsked = res));
    const released: number[] = [0, 0];
    const { r, service, pdf } = await setUp({
      officeGuard: async () => {
        const mine = arrived++;
        if (arrived === 2) bothAsked();
        await barrier;
        return async () => void released[mine]!++;
      },
    });
    const copy = pdf.replace(/offer\.jpg$/, 'copy.jpg');
    fs.copyFileSync(pdf, copy);
    const results = await Promise.allSettled([
      service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: null }),
      service.send({ name: 'Offer', documents: [doc(copy)], numbers: numbers(1), scheduledAt: null }),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = (results.find((x) => x.status === 'rejected') as PromiseRejectedResult).reason as UserError;
    expect(refused.code).toBe('send.repeat');
    await expect.poll(() => [...released].sort()).toEqual([0, 1]);
    expect(createsSeen(r.sim)).toBe(1);
  });

  it('is taken back when the upload fails, which is what the user sees; a claim that cannot be taken back is only logged', async () => {
    const { r, service, pdf } = await setUp({
      officeGuard: async () => async () => {
        throw new Error('office database gone');
      },
    });
    r.sim.setFaults({ errorRate: 1 });
    const e = await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: null }).catch((x: unknown) => x);
    expect(e).toMatchObject({ operation: 'upload' });
    await expect.poll(() => r.logLines.some((l) => l.startsWith('warn send: the office-wide claim could not be taken back'))).toBe(true);
    expect(createsSeen(r.sim)).toBe(0);
  });
});

describe('what is recorded and filed', () => {
  it("records each document as sent (the file's size, pages, ref, when) and the phonebook's names with the task", async () => {
    const { r, service, pdf, clock } = await setUp({ contactNames: (ns) => new Map([[ns[0]!, 'Wang Wei']]) });
    const to = numbers(2);
    const sent = await service.send({ name: 'Offer', documents: [doc(pdf, 2)], numbers: to, scheduledAt: null });
    const stored = r.history.getTask(sent.parts[0]!.task!.taskRef)!;
    expect(stored.send!.files).toEqual([
      { path: pdf, name: 'offer.jpg', size: fs.statSync(pdf).size, pages: 2, fileRef: r.sim.tasks()[0]!.file_refs[0], uploadedAtMs: clock.t },
    ]);
    expect(stored.recipients.map((x) => [x.phoneNumber, x.contactName])).toEqual([
      [to[0], 'Wang Wei'],
      [to[1], null],
    ]);
  });

  it('a document added through a link is recorded as the file it names: its digest and bytes can be read later, and a resend uploads it', async () => {
    const { r, service, pdf } = await setUp();
    const link = path.join(r.dir, 'offer-link.jpg');
    fs.symlinkSync(pdf, link);
    // as the Send screen hands it over: dropped (the link followed once, at the grant), then named by its handle
    const grants = createFileGrants();
    const { handle } = grantDroppedFile(grants, link);
    const added = toSendDocument(grants, { handle, url: null, name: 'offer-link.jpg', pages: 1, fileRef: null });
    const sent = await service.send({ name: 'Offer', documents: [added], numbers: numbers(1), scheduledAt: null });
    expect(sent.overall).toBe('sent');
    const [file] = r.history.getTask(sent.parts[0]!.task!.taskRef)!.send!.files;
    expect(file).toMatchObject({ path: fs.realpathSync(pdf), name: 'offer-link.jpg', size: fs.statSync(pdf).size });
    // what the office mirror and the transmission report read afterwards (neither follows a link)
    expect(await fileDigest(file!.path)).toBe(createHash('sha256').update(fs.readFileSync(pdf)).digest('hex'));
    expect(await documentBytes(file!.path)).toEqual(new Uint8Array(fs.readFileSync(pdf)));
    // a resend whose file_ref has expired uploads the document again from that path
    const uploaded = await r.client.uploadFile(file!.path, { fileName: file!.name });
    expect(uploaded.file_size).toBe(fs.statSync(pdf).size);
  });

  it('an unreadable phonebook does not stop the fax: it goes out without names (logged)', async () => {
    const { r, service, pdf } = await setUp({
      contactNames: () => {
        throw new Error('phonebook locked');
      },
    });
    const sent = await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: null });
    expect(sent.overall).toBe('sent');
    expect(r.history.getTask(sent.parts[0]!.task!.taskRef)!.recipients[0]!.contactName).toBeNull();
    expect(r.logLines).toContainEqual(expect.stringMatching(/^warn send: the phonebook names could not be read/));
  });

  it('files the local documents (never an address) with the result, and says when filing failed', async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.4\n%%EOF\n');
    });
    await new Promise<void>((res) => server!.listen(0, '127.0.0.1', res));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/terms.pdf`;
    const problem: ErrorData = { code: 'intake.file_failed', message: 'offer.pdf could not be moved to sent/.' };
    let filed: { paths: readonly string[]; result: SendResult } | null = null;
    const { r, service, pdf } = await setUp({ fileDocuments: (paths, result) => ((filed = { paths, result }), problem) }, { sim: { allowLoopbackRemoteUrls: true } });
    const { document } = await service.addFromUrl(url);
    const sent = await service.send({ name: 'Offer', documents: [document, doc(pdf)], numbers: numbers(1), scheduledAt: null });
    expect(filed!.paths).toEqual([pdf]);
    expect(filed!.result).toMatchObject({ overall: 'sent', sendId: sent.sendId });
    expect(sent.filing).toEqual(problem);
    expect(r.history.getTask(sent.parts[0]!.task!.taskRef)!.send!.files.map((f) => [f.path, f.size])).toEqual([
      [url, 0],
      [pdf, fs.statSync(pdf).size],
    ]);
  });

  it('a result with nothing to say about filing has no filing', async () => {
    const { service, pdf, filed } = await setUp();
    const sent = await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: null });
    expect(filed).toHaveLength(1);
    expect(sent).not.toHaveProperty('filing');
  });
});

describe('the documents of a send', () => {
  it('are uploaded again once when their remembered refs expired, and the schedule goes out in service time', async () => {
    const { r, service, pdf } = await setUp();
    await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: null });
    expect(uploadsSeen(r.sim)).toBe(1);
    r.sim.expireFileRefs();
    const at = Date.UTC(2031, 0, 15, 1, 30, 0); // 09:30 in Shanghai (the simulator keeps real time)
    const sent = await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(1, 1), scheduledAt: at });
    expect(sent).toMatchObject({ overall: 'sent', serviceScheduledAt: '2031-01-15 09:30:00' });
    expect(uploadsSeen(r.sim)).toBe(2);
    expect(createsSeen(r.sim)).toBe(3);
    expect(r.sim.tasks().at(-1)!.scheduled_at).toBe('2031-01-15 09:30:00');
  });

  it('a document deleted while it uploads is still sent (the service has it) and recorded without a size', async () => {
    let file = '';
    const deleting: typeof fetch = async (url, init) => {
      if (String(url).endsWith('/files/upload') && file && fs.existsSync(file)) fs.rmSync(file);
      return fetch(url, init);
    };
    const { r, service, pdf } = await setUp({}, { fetch: deleting });
    file = pdf;
    const sent = await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: null });
    expect(sent.overall).toBe('sent');
    expect(fs.existsSync(pdf)).toBe(false);
    expect(r.history.getTask(sent.parts[0]!.task!.taskRef)!.send!.files.map((f) => [f.path, f.size])).toEqual([[pdf, 0]]);
  });
});

describe('the price after a send', () => {
  it('is asked once after a send that created a task, and not after one that created none', async () => {
    const ok = await setUp({}, { sim: { unitPrice: 0.3 } });
    await ok.service.send({ name: 'Offer', documents: [doc(ok.pdf)], numbers: numbers(1), scheduledAt: null });
    await expect.poll(() => ok.service.lastUnitPrice()).toBe(0.3);
    expect(taskQueries(ok.r)).toBe(1);
    await rig!.close();
    rig = null;

    // the task queries the send starts, counted as they start (the simulator sees them only later)
    let asked = 0;
    const counting = async () => ({
      client: { ...rig!.client, getTask: (...a: Parameters<NonNullable<typeof rig>['client']['getTask']>) => (asked++, rig!.client.getTask(...a)) },
      profile: 'account:test',
    });
    const refused = await setUp({ session: counting }, { sim: { faults: { create: '429-before-commit' } } });
    await refused.service.send({ name: 'Offer', documents: [doc(refused.pdf)], numbers: numbers(1), scheduledAt: null });
    // the price query would have started before the send's result (as it does above): none did
    expect(asked).toBe(0);
    expect(taskQueries(refused.r)).toBe(0);
    expect(refused.r.logLines.filter((l) => l.includes('unit price'))).toEqual([]);
  });

  it('a price that cannot be read is only logged: the send is still sent', async () => {
    const failing: typeof fetch = async (url, init) =>
      (init?.method ?? 'GET') === 'GET' && /\/faxes\/[^/]+$/.test(String(url)) ? new Response('down', { status: 503 }) : fetch(url, init);
    const { r, service, pdf } = await setUp({}, { fetch: failing, sim: { unitPrice: 0.3 } });
    const sent = await service.send({ name: 'Offer', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: null });
    expect(sent.overall).toBe('sent');
    const ref = sent.parts[0]!.task!.taskRef;
    await expect.poll(() => r.logLines.find((l) => l.startsWith(`info send: could not read task ${ref} for its unit price: `))).toBeTruthy();
    expect(service.lastUnitPrice()).toBeNull();
  });
});
