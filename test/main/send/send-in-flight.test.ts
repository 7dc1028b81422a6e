import { afterEach, describe, expect, it } from 'vitest';
import { sendHandlers } from '@main/ipc/handlers/send';
import { createSendFeature } from '@main/send/send-feature';
import { createLogger } from '@main/log';
import { toIpcError } from '@main/ipc/to-ipc-error';
import type { ComposeDocument } from '@shared/send/types';
import { createFileGrants } from '@main/files/grants';
import { createsSeen, makeRig, numbers, writePdf, type SendRig } from './helpers';

let rig: SendRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

const grants = createFileGrants();
/** a document the user granted (as a pick or a drop does): the window holds only its handle */
const doc = (p: string, pages: number | null = 1): ComposeDocument => ({ handle: grants.grant(p), url: null, name: 'a.pdf', pages, fileRef: null });
const localDoc = (p: string) => ({ path: p, url: null, name: 'a.pdf', pages: 1, fileRef: null });

describe('a send is done once', () => {
  it('refuses a second identical send while the first is still running, and the first still creates its task', async () => {
    // The service answers slowly, so the second request arrives while the first create is in flight.
    rig = await makeRig({ sim: { faults: { latencyMs: 400 } }, timeoutMs: 5_000 });
    const h = sendHandlers(rig.service, grants);
    const pdf = await writePdf(rig.dir, 'a.pdf', 1);
    const input = { name: 'Offer', documents: [doc(pdf)], numbers: numbers(3), scheduledAt: null };
    const first = h.sendFax(input);
    const second = h.sendFax({ ...input, numbers: [...input.numbers].reverse() });
    const secondError = await Promise.resolve(second).then(
      () => null,
      (e: unknown) => toIpcError(e),
    );
    expect(secondError).toMatchObject({ code: 'send.in_progress' });
    expect(secondError?.message).toMatch(/already being sent/);
    expect((await first).overall).toBe('sent');
    expect(createsSeen(rig.sim)).toBe(1);
    expect(rig.sim.taskCount()).toBe(1);
  });

  it('lets the same compose through again once the first send has finished (the repeat question is asked elsewhere)', async () => {
    rig = await makeRig();
    const h = sendHandlers(rig.service, grants);
    const pdf = await writePdf(rig.dir, 'a.pdf', 1);
    const input = { name: 'Offer', documents: [doc(pdf)], numbers: numbers(1), scheduledAt: null };
    expect((await h.sendFax(input)).overall).toBe('sent');
    // A different compose is never blocked by the guard.
    expect((await h.sendFax({ ...input, numbers: numbers(1, 50) })).overall).toBe('sent');
    expect(rig.sim.taskCount()).toBe(2);
  });
});

describe('the estimate before the first fax', () => {
  it('uses the contract price from Settings until the service reveals one, and says which it used', async () => {
    rig = await makeRig({ sim: { unitPrice: 0.3 } });
    let contract: number | null = null;
    const service = createSendFeature({
      dataDir: rig.dir,
      session: async () => ({ client: rig!.client, profile: 'account:test' }),
      history: rig.history,
      serviceTimeZone: () => 'Asia/Shanghai',
      emitProgress: () => {},
      log: createLogger(() => {}),
      contractUnitPrice: () => contract,
    });
    expect(service.estimateCost(2, 10)).toEqual({ unitPrice: null, priceSource: null, estimate: null, pages: 2 });
    contract = 0.25;
    expect(service.estimateCost(2, 10)).toEqual({ unitPrice: 0.25, priceSource: 'contract', estimate: 5, pages: 2 });
    const pdf = await writePdf(rig.dir, 'a.pdf', 1);
    await service.send({ name: 'x', documents: [localDoc(pdf)], numbers: numbers(1), scheduledAt: null });
    await expect.poll(() => service.estimateCost(2, 10).priceSource).toBe('service');
    expect(service.estimateCost(2, 10)).toMatchObject({ unitPrice: 0.3, estimate: 6 });
  });
});
