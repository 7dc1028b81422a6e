/**
 * One send act, from the click to its end, is what documents arriving from outside wait for (the
 * store's `sending`, whenNotSending): the estimate read, the review, the request and the "same fax
 * again?" question included. The act always ends, also when the Send screen is left in the middle of
 * it, and an act of an earlier visit never ends a newer one's. The preload API is faked at the IPC boundary.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSendAct } from '@renderer/features/send/use-send-act';
import { useSendResult, whenNotSending } from '@renderer/features/send/send-result';
import type { DocItem } from '@renderer/features/send/compose-store';
import { parseRecipients } from '@shared/phone/parse';
import { DEFAULT_REVIEW } from '@shared/review-defaults';
import { installBridge, renderWithQueries, type Reply } from '../fake-bridge';

const doc = { doc: { handle: 'h1', url: null, name: 'offer.pdf', pages: 1, fileRef: 'ref-1' } } as DocItem;
const numbers = (n: number) => Array.from({ length: n }, (_, i) => `+86 10 8800 ${String(100 + i).padStart(4, '0')}`).join('\n');

function Screen({ count }: { count: number }) {
  const a = useSendAct({
    docs: [doc],
    recipientsNow: () => ({ parsed: parseRecipients(numbers(count), 'CN'), blocked: false }),
    scheduledAt: null,
    sendName: 'Offer',
    review: DEFAULT_REVIEW,
    balance: null,
  });
  return (
    <div>
      <button onClick={() => void a.requestSend()}>send</button>
      <span data-testid="question">{a.question?.kind ?? 'none'}</span>
      <button onClick={a.cancel}>cancel</button>
    </div>
  );
}

/** main: the estimate answers at once (or when released); each sendFax waits until answered by the test */
function desk(opts: { holdEstimate?: boolean } = {}) {
  const sends: Array<(r: Reply) => void> = [];
  let releaseEstimate!: () => void;
  const estimateHeld = new Promise<void>((r) => (releaseEstimate = r));
  const main = installBridge({
    estimateCost: async () => {
      if (opts.holdEstimate) await estimateHeld;
      return { ok: true, value: { estimate: 0.3, currency: 'CNY', unitPrice: 0.3 } };
    },
    sendFax: () => new Promise((resolve) => sends.push(resolve)),
    clearDraft: () => ({ ok: true, value: { cleared: true } }),
  });
  return { main, sends, releaseEstimate };
}

const repeatRefusal: Reply = {
  ok: false,
  error: { code: 'send.repeat', message: 'sent lately', details: { sentAtMs: 1, taskName: 'Offer', sendId: 7 } } as Reply extends { ok: false; error: infer E } ? E : never,
};
const sentResult: Reply = { ok: true, value: { overall: 'sent', tasks: [], fields: {}, filing: null } };
const sending = () => useSendResult.getState().sending;

/** Send pressed (two numbers: no review), the request out and held, then the Send screen left. */
async function leftDuringRequest() {
  const bridge = desk();
  const view = renderWithQueries(<Screen count={2} />);
  fireEvent.click(screen.getByText('send'));
  await waitFor(() => expect(bridge.main.inputsOf('sendFax')).toHaveLength(1));
  view.unmount();
  return bridge;
}

beforeEach(() => useSendResult.setState({ result: null, name: '', sending: false }));
afterEach(() => cleanup());

describe('a send act and the documents that wait for it', () => {
  it('is "sending" while the review is open, and ends with "Back to editing"', async () => {
    desk();
    renderWithQueries(<Screen count={12} />);
    fireEvent.click(screen.getByText('send'));
    await waitFor(() => expect(screen.getByTestId('question').textContent).toBe('review'));
    expect(sending()).toBe(true);
    fireEvent.click(screen.getByText('cancel'));
    expect(sending()).toBe(false);
  });

  it('ends when the Send screen is left with the review open', async () => {
    const { main } = desk();
    const view = renderWithQueries(<Screen count={12} />);
    fireEvent.click(screen.getByText('send'));
    await waitFor(() => expect(screen.getByTestId('question').textContent).toBe('review'));
    view.unmount();
    expect(sending()).toBe(false);
    expect(main.inputsOf('sendFax')).toHaveLength(0);
  });

  it('left during the request, it ends when main answers, even with "send it again?" that no screen can ask any more', async () => {
    const { sends } = await leftDuringRequest();
    // the request is still on its way: arrivals still wait
    expect(sending()).toBe(true);
    await act(async () => sends[0]!(repeatRefusal));
    await waitFor(() => expect(sending()).toBe(false));
    await whenNotSending();
  });

  it('left during the estimate read, nothing is sent afterwards and the act is over', async () => {
    const { main, releaseEstimate } = desk({ holdEstimate: true });
    const view = renderWithQueries(<Screen count={2} />);
    fireEvent.click(screen.getByText('send'));
    await waitFor(() => expect(sending()).toBe(true));
    view.unmount();
    expect(sending()).toBe(false);
    await act(async () => releaseEstimate());
    await new Promise((r) => setTimeout(r, 20));
    expect(main.inputsOf('sendFax')).toHaveLength(0);
    expect(sending()).toBe(false);
  });

  it('an act of an earlier visit never ends a newer one, and no second send starts while it is out', async () => {
    const { main, sends } = await leftDuringRequest();
    // back on the Send screen while that request is out: Send does not make a second one
    renderWithQueries(<Screen count={12} />);
    fireEvent.click(screen.getByText('send'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('question').textContent).toBe('none');
    expect(main.inputsOf('sendFax')).toHaveLength(1);
    // the first request ends; then a new act can start, and its review keeps "sending" on
    await act(async () => sends[0]!(sentResult));
    await waitFor(() => expect(sending()).toBe(false));
    fireEvent.click(screen.getByText('send'));
    await waitFor(() => expect(screen.getByTestId('question').textContent).toBe('review'));
    expect(sending()).toBe(true);
  });
});
