/**
 * "You sent this fax … Send it again?" is asked for the same documents to the
 * same numbers within 30 minutes (the user's rule), and only then: both sides
 * of the window, with the send service's and the history's clock moved by the
 * test instead of waiting. The 30 minutes are the rule's own figure, not the
 * implementation's constant.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '@main/errors';
import type { LocalComposeDocument as ComposeDocument } from '@main/send/local-documents';
import { createsSeen, makeRig, numbers, writePdf, type SendRig } from './helpers';

const MINUTE = 60_000;
const SECOND = 1_000;
/** the window the user was promised: the same fax within half an hour asks first */
const WINDOW = 30 * MINUTE;

let rig: SendRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

const doc = (p: string): ComposeDocument => ({ path: p, url: null, name: 'offer.pdf', pages: 1, fileRef: null });

async function firstSend(): Promise<{ clock: { t: number }; send: (confirm?: boolean) => Promise<unknown> }> {
  const clock = { t: Date.now() };
  rig = await makeRig({ now: () => clock.t });
  const pdf = await writePdf(rig.dir, 'offer.pdf', 1);
  const to = numbers(2);
  const r = rig;
  const send = (confirmRepeat = false) => r.service.send({ name: 'Offer', documents: [doc(pdf)], numbers: to, scheduledAt: null, confirmRepeat });
  expect(await send()).toMatchObject({ overall: 'sent' });
  expect(createsSeen(r.sim)).toBe(1);
  return { clock, send };
}

async function refusal(p: Promise<unknown>): Promise<UserError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(UserError);
  return e as UserError;
}

describe('the "send it again?" window', () => {
  it('asks one second before the 30 minutes are up, and creates nothing', async () => {
    const { clock, send } = await firstSend();
    const sentAt = clock.t;
    clock.t = sentAt + WINDOW - SECOND;
    const asked = await refusal(send());
    expect(asked.code).toBe('send.repeat');
    expect(asked.details).toMatchObject({ sentAtMs: sentAt, taskName: 'Offer' });
    expect(createsSeen(rig!.sim)).toBe(1);
    // a few minutes in, too (a window measured in seconds instead of minutes would have let this through)
    clock.t = sentAt + 2 * MINUTE;
    expect((await refusal(send())).code).toBe('send.repeat');
    expect(createsSeen(rig!.sim)).toBe(1);
  });

  it('sends without asking one second after the 30 minutes are up', async () => {
    const { clock, send } = await firstSend();
    clock.t += WINDOW + SECOND;
    expect(await send()).toMatchObject({ overall: 'sent' });
    expect(createsSeen(rig!.sim)).toBe(2);
    // and that send starts a window of its own
    clock.t += 10 * MINUTE;
    expect((await refusal(send())).code).toBe('send.repeat');
    expect(createsSeen(rig!.sim)).toBe(2);
  });

  it('weeks later the same fax goes out without the question', async () => {
    const { clock, send } = await firstSend();
    clock.t += 21 * 24 * 60 * MINUTE;
    expect(await send()).toMatchObject({ overall: 'sent' });
    expect(createsSeen(rig!.sim)).toBe(2);
  });

  it('inside the window, a confirmed send goes out', async () => {
    const { clock, send } = await firstSend();
    clock.t += WINDOW - SECOND;
    expect(await send(true)).toMatchObject({ overall: 'sent' });
    expect(createsSeen(rig!.sim)).toBe(2);
  });
});
