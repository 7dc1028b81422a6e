/**
 * Documents beyond the 3 a fax holds wait for room and are never lost: printed or hot-folder documents
 * that did not fit are not claimed (main hands them over again after a reload or at the next start),
 * and they come onto the form when a document is removed or a new fax is started, claimed only once
 * they are on it and in the draft. The preload API is faked at the IPC boundary.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCompose } from '@renderer/features/send/compose-store';
import { answerArrival, useArrivals, useOfferedDocuments, useWaitingDocuments } from '@renderer/features/send/arrivals';
import { startNewFax, useSendResult } from '@renderer/features/send/send-result';
import type { SendResult } from '@shared/send/types';
import type { OfferedDocument } from '@shared/ipc/channels/intake';
import { installBridge } from '../fake-bridge';

const offered = (n: number): OfferedDocument => ({ id: `o${n}`, handle: `h${n}`, name: `printed-${n}.pdf`, size: 100, source: 'print' });
const info = (handle: string) => ({ handle, name: `${handle}.pdf`, size: 100, ext: 'pdf', pages: 1, warning: null, error: null });

/** main: `arrived` waits to be taken; claims, drafts and inspections are recorded */
function desk(arrived: OfferedDocument[], opts: { draftFails?: boolean } = {}) {
  const draftHandles: string[][] = [];
  const main = installBridge({
    takePendingDocuments: () => ({ ok: true, value: { documents: arrived, rejected: [], overflow: 0 } }),
    inspectDocuments: (input) => ({ ok: true, value: (input as { handles: string[] }).handles.map(info) }),
    uploadDocument: () => new Promise(() => {}),
    saveDraft: (draft) => {
      draftHandles.push((draft as { documents: Array<{ handle: string }> }).documents.map((d) => d.handle));
      return opts.draftFails ? { ok: false, error: { code: 'storage.disk_full', message: 'full' } } : { ok: true, value: { savedAt: 1 } };
    },
    claimDocuments: () => ({ ok: true, value: undefined }),
  });
  const claimed = () => main.inputsOf('claimDocuments').flatMap((i) => (i as { handles: string[] }).handles);
  return { main, claimed, draftHandles };
}

const onForm = () => useCompose.getState().docs.map((d) => d.doc.handle);
const waiting = () => useCompose.getState().overflow.map((o) => o.handle);

beforeEach(() => {
  useSendResult.getState().clear();
  useCompose.getState().reset();
  useCompose.setState({ overflow: [] });
});
afterEach(() => cleanup());

describe('documents that do not fit wait for room', () => {
  it('five printed at once: three on the form and claimed, two listed and not claimed; removing one brings the next in, then claims it', async () => {
    const { claimed, draftHandles } = desk([1, 2, 3, 4, 5].map(offered));
    renderHook(() => {
      useOfferedDocuments();
      useWaitingDocuments();
    });
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3']));
    expect(onForm()).toEqual(['h1', 'h2', 'h3']);
    expect(waiting()).toEqual(['h4', 'h5']);
    // the claim came after a draft that holds them
    expect(draftHandles.at(-1)).toEqual(['h1', 'h2', 'h3']);

    act(() => useCompose.getState().removeDoc(useCompose.getState().docs[1]!.key));
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3', 'h4']));
    expect(onForm()).toEqual(['h1', 'h3', 'h4']);
    expect(waiting()).toEqual(['h5']);
    expect(draftHandles.at(-1)).toEqual(['h1', 'h3', 'h4']);
    // the last one keeps its origin: it is still a printed document, not one of the user's own
    expect(useCompose.getState().docs[2]!.source).toBe('print');
  });

  it('after a send, "New fax" starts with the documents that did not fit the last one', async () => {
    const { claimed } = desk([1, 2, 3, 4, 5].map(offered));
    renderHook(() => {
      useOfferedDocuments();
      useWaitingDocuments();
    });
    await waitFor(() => expect(claimed()).toHaveLength(3));
    act(() => useSendResult.getState().show({ overall: 'sent' } as SendResult, 'Offer'));
    act(() => startNewFax());
    await waitFor(() => expect(onForm()).toEqual(['h4', 'h5']));
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3', 'h4', 'h5']));
    expect(waiting()).toEqual([]);
  });

  it('a sent fax on screen (locked) takes none of them, even with room', async () => {
    const { claimed } = desk([1, 2, 3, 4].map(offered));
    renderHook(() => {
      useOfferedDocuments();
      useWaitingDocuments();
    });
    await waitFor(() => expect(claimed()).toHaveLength(3));
    act(() => useSendResult.getState().show({ overall: 'sent' } as SendResult, 'Offer'));
    act(() => useCompose.getState().removeDoc(useCompose.getState().docs[0]!.key));
    await new Promise((r) => setTimeout(r, 50));
    expect(onForm()).toEqual(['h2', 'h3']);
    expect(waiting()).toEqual(['h4']);
  });

  it('a draft that cannot be saved claims nothing (the next window is handed them all again)', async () => {
    const { main, claimed } = desk([1, 2, 3, 4].map(offered), { draftFails: true });
    renderHook(() => {
      useOfferedDocuments();
      useWaitingDocuments();
    });
    await waitFor(() => expect(main.inputsOf('saveDraft')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(claimed()).toEqual([]);
  });

  it('more than one look takes (20): the rest are listed, not dropped unseen', async () => {
    const many = Array.from({ length: 23 }, (_, i) => offered(i + 1));
    const { main, claimed } = desk(many);
    renderHook(() => {
      useOfferedDocuments();
      useWaitingDocuments();
    });
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3']));
    expect((main.inputsOf('inspectDocuments')[0] as { handles: string[] }).handles).toHaveLength(20);
    expect(waiting()).toEqual(many.slice(3).map((d) => d.handle));
    expect(useCompose.getState().overflow.at(-1)!.name).toBe('printed-23.pdf');
  });
});

describe('"Start a new fax with them"', () => {
  it('puts the documents just arrived first; those still waiting from before follow and wait again if there is no room', async () => {
    const arrived = [1, 2, 3, 4].map(offered);
    const { main, claimed } = desk(arrived);
    renderHook(() => {
      useOfferedDocuments();
      useWaitingDocuments();
    });
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3']));
    expect(waiting()).toEqual(['h4']);
    // the user's own numbers: the next arrivals ask first
    act(() => useCompose.getState().setRecipients('+86 10 8888 1234'));
    // three more are printed: main holds them with the one still waiting, and says so
    const next = [5, 6, 7].map(offered);
    arrived.splice(0, arrived.length, arrived[3]!, ...next);
    main.emit('documentsOffered', { documents: next, rejected: [], overflow: 0 });
    await waitFor(() => expect(useArrivals.getState().asking.length).toBeGreaterThan(0));
    act(() => answerArrival('new'));
    await waitFor(() => expect(onForm()).toEqual(['h5', 'h6', 'h7']));
    expect(waiting()).toEqual(['h4']);
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3', 'h5', 'h6', 'h7']));
  });
});
