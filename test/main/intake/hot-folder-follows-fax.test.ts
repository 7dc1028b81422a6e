/**
 * Hot-folder documents follow their fax (issue 12): a document whose fax was
 * queued goes to sent/, and when that fax then fails at the service for every
 * recipient it moves on to failed/ with the reason; a fax that reached anyone
 * leaves its document in sent/. Through the real services, IPC handlers and
 * tracker, against the simulator.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import type { DocumentsOffered } from '@shared/ipc/channels/intake';
import type { SendResult } from '@shared/send/types';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/index';
import { makeTestServices, type TestServices } from '../../helpers/services';
import { samplePdf } from '../../helpers/sample-documents';

const NOT_A_FAX = '8613800138888';
const OK = '8613800138000';

let t: TestServices | null = null;
let sim: RunningSimulator | null = null;
afterEach(async () => {
  await t?.cleanup();
  await sim?.stop();
  t = null;
  sim = null;
});

async function ok<T>(p: Promise<{ ok: boolean; value?: unknown; error?: unknown }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

describe('a hot-folder document follows its fax', () => {
  it('moves from sent/ to failed/ when the fax fails at the service, and stays in sent/ when it reached someone', async () => {
    sim = await startSimulator({ speed: 200 });
    t = await makeTestServices({}, { intake: { hotFolder: { settleMs: 200, rescanMs: 150 } } });
    const h = t.services.handlers;
    await ok(dispatch(h, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret }));
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-follow-'));
    t.services.settings.update({ hotFolder: { enabled: true, path: outbox } });
    fs.writeFileSync(path.join(outbox, 'refused-later.pdf'), await samplePdf(1));
    fs.writeFileSync(path.join(outbox, 'delivered.pdf'), await samplePdf(2));
    await expect.poll(() => t!.services.intake.queue.peek().documents.length, { timeout: 10_000 }).toBe(2);
    const taken = await ok<DocumentsOffered>(dispatch(h, 'takePendingDocuments', undefined));
    const handleOf = (name: string) => taken.documents.find((d) => d.name === name)!.handle;

    const refs: Record<string, string> = {};
    for (const [name, number] of [['refused-later.pdf', NOT_A_FAX], ['delivered.pdf', OK]] as const) {
      const doc = { handle: handleOf(name), url: null, name, pages: 1, fileRef: null };
      const sent = await ok<SendResult>(dispatch(h, 'sendFax', { name, documents: [doc], numbers: [number], scheduledAt: null }));
      expect(sent.overall).toBe('sent');
      refs[name] = sent.parts[0]!.task!.taskRef;
      // filed by main as the send ends: the window asks for nothing
      expect(fs.existsSync(path.join(outbox, 'sent', name))).toBe(true);
    }

    // The service finishes both faxes; the tracker sees the answers (as its poll would).
    const client = await t.services.connection.client();
    for (const ref of Object.values(refs)) {
      await expect.poll(async () => (await client.getTask(ref)).status, { timeout: 20_000 }).toMatch(/^(done|failed|completed)$/);
      t.services.tasks.tracker.ingest(await client.getTask(ref));
    }

    expect(fs.existsSync(path.join(outbox, 'sent', 'refused-later.pdf'))).toBe(false);
    expect(fs.existsSync(path.join(outbox, 'failed', 'refused-later.pdf'))).toBe(true);
    const note = JSON.parse(fs.readFileSync(path.join(outbox, 'failed', '.refused-later.pdf.faxdesk.json'), 'utf8')) as {
      failure?: { reason?: string };
    };
    expect(note.failure?.reason).toBeTruthy();
    expect(fs.existsSync(path.join(outbox, 'sent', 'delivered.pdf'))).toBe(true);
    expect(fs.existsSync(path.join(outbox, 'failed', 'delivered.pdf'))).toBe(false);
    // neither comes back as a new document
    expect(t.services.intake.queue.peek().documents).toEqual([]);
  });

  it('goes to failed/ with the reason the service gave when the send is refused, and can be sent again from there', async () => {
    sim = await startSimulator({ speed: 200 });
    t = await makeTestServices({}, { intake: { hotFolder: { settleMs: 200, rescanMs: 150 } } });
    const h = t.services.handlers;
    await ok(dispatch(h, 'connectAccount', { baseUrl: sim.baseUrl, apiKey: sim.apiKey, secret: sim.apiSecret }));
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-follow-'));
    t.services.settings.update({ hotFolder: { enabled: true, path: outbox } });
    fs.writeFileSync(path.join(outbox, 'invoice.pdf'), await samplePdf(1));
    await expect.poll(() => t!.services.intake.queue.peek().documents.length, { timeout: 10_000 }).toBe(1);
    const taken = await ok<DocumentsOffered>(dispatch(h, 'takePendingDocuments', undefined));
    const doc = { handle: taken.documents[0]!.handle, url: null, name: 'invoice.pdf', pages: 1, fileRef: null };

    sim.setAccount({ balance: 0 });
    const refused = await ok<SendResult>(dispatch(h, 'sendFax', { name: 'Invoice', documents: [doc], numbers: [OK], scheduledAt: null }));
    expect(refused.overall).toBe('refused');
    expect(fs.existsSync(path.join(outbox, 'invoice.pdf'))).toBe(false);
    const note = JSON.parse(fs.readFileSync(path.join(outbox, 'failed', '.invoice.pdf.faxdesk.json'), 'utf8')) as { failure?: { reason?: string } };
    expect(note.failure?.reason).toBe(refused.parts[0]!.error!.message);

    // the user tops up and presses Send again: the same handle reads it from failed/, and it moves on to sent/
    sim.setAccount({ balance: 500 });
    const again = await ok<SendResult>(dispatch(h, 'sendFax', { name: 'Invoice', documents: [doc], numbers: [OK], scheduledAt: null }));
    expect(again.overall).toBe('sent');
    expect(fs.existsSync(path.join(outbox, 'sent', 'invoice.pdf'))).toBe(true);
    expect(fs.existsSync(path.join(outbox, 'failed', 'invoice.pdf'))).toBe(false);
  });
});
