/**
 * Documents beyond the 3 a fax holds wait and are never lost: printed or hot-folder documents that did
 * not fit are not claimed (main hands them over again after a reload or at the next start) until the
 * user adds them once there is room (claimed only once they are on the form and in the draft) or
 * dismisses them. The preload API is faked at the IPC boundary.
 */
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { initI18n } from '@renderer/i18n';
import { RefusedList } from '@renderer/features/send/documents-panel/refused-list';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCompose } from '@renderer/features/send/compose-store';
import { addWaiting, answerArrival, dismissWaiting, useArrivals, useOfferedDocuments } from '@renderer/features/send/arrivals';
import { startNewFax, useSendResult } from '@renderer/features/send/send-result';
import type { SendResult } from '@shared/send/types';
import type { OfferedDocument } from '@shared/ipc/channels/intake';
import { addFiles, addHandles, restoreDocuments } from '@renderer/features/send/documents';
import { saveDraftNow, useDraft } from '@renderer/features/send/use-draft';
import { installBridge, renderWithQueries } from '../fake-bridge';
import { ReviewDialog } from '@renderer/features/send/review-dialog';
import { RepeatDialog } from '@renderer/features/send/repeat-dialog';
import type { SendRepeatDetails } from '@shared/ipc/channels/send';

const offered = (n: number): OfferedDocument => ({ id: `o${n}`, handle: `h${n}`, name: `printed-${n}.pdf`, size: 100, source: 'print' });
const info = (handle: string) => ({ handle, name: `${handle}.pdf`, size: 100, ext: 'pdf', pages: 1, warning: null, error: null });

/** main: `arrived` waits to be taken; claims, drafts and inspections are recorded; a save can be held */
function desk(arrived: OfferedDocument[], opts: { draftFails?: boolean; inspectFails?: () => boolean; draft?: unknown } = {}) {
  const draftHandles: string[][] = [];
  let hold: Promise<void> | null = null;
  const main = installBridge({
    // as main's queue: what it holds and the window has not claimed (a claim takes what it holds then)
    takePendingDocuments: () => ({ ok: true, value: { documents: [...arrived], rejected: [], overflow: 0 } }),
    inspectDocuments: (input) =>
      opts.inspectFails?.()
        ? { ok: false, error: { code: 'internal', message: 'main is busy' } }
        : { ok: true, value: (input as { handles: string[] }).handles.map(info) },
    uploadDocument: () => new Promise(() => {}),
    // the draft saved at the last run (none unless given)
    loadDraft: () => ({ ok: true, value: opts.draft ?? null }),
    saveDraft: async (draft) => {
      const handles = (draft as { documents: Array<{ handle: string }> }).documents.map((d) => d.handle);
      if (hold) await hold;
      draftHandles.push(handles);
      return opts.draftFails ? { ok: false, error: { code: 'storage.disk_full', message: 'full' } } : { ok: true, value: { savedAt: 1 } };
    },
    claimDocuments: (input) => {
      const handles = (input as { handles: string[] }).handles;
      for (let i = arrived.length - 1; i >= 0; i--) if (handles.includes(arrived[i]!.handle)) arrived.splice(i, 1);
      return { ok: true, value: undefined };
    },
  });
  const claimed = () => main.inputsOf('claimDocuments').flatMap((i) => (i as { handles: string[] }).handles);
  /** the next saves wait until the returned function is called */
  const holdSaves = () => {
    let release!: () => void;
    hold = new Promise<void>((r) => (release = r));
    return () => {
      hold = null;
      release();
    };
  };
  return { main, claimed, draftHandles, holdSaves };
}

const onForm = () => useCompose.getState().docs.map((d) => d.doc.handle);
const waiting = () => useCompose.getState().overflow.map((o) => o.handle);
const removeAt = (i: number) => act(() => useCompose.getState().removeDoc(useCompose.getState().docs[i]!.key));
const sendScreen = () => renderHook(() => useOfferedDocuments());

beforeEach(() => {
  useSendResult.getState().clear();
  useSendResult.getState().setSending(false);
  useCompose.getState().reset();
  useCompose.setState({ overflow: [], refused: [] });
  useArrivals.setState({ asking: [], elsewhere: [] });
});
afterEach(() => cleanup());

describe('documents that do not fit wait, unclaimed, until added or dismissed', () => {
  it('five printed at once: three on the form and claimed after the draft has them, two listed and not claimed; "Add" once there is room', async () => {
    const { claimed, draftHandles } = desk([1, 2, 3, 4, 5].map(offered));
    sendScreen();
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3']));
    expect(onForm()).toEqual(['h1', 'h2', 'h3']);
    expect(waiting()).toEqual(['h4', 'h5']);
    expect(draftHandles.at(-1)).toEqual(['h1', 'h2', 'h3']);

    // a slot freed is the user's (a cover page, a file of their own): nothing comes in by itself
    removeAt(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(onForm()).toEqual(['h1', 'h3']);
    expect(waiting()).toEqual(['h4', 'h5']);

    await act(() => addWaiting());
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3', 'h4']));
    expect(onForm()).toEqual(['h1', 'h3', 'h4']);
    expect(waiting()).toEqual(['h5']);
    expect(draftHandles.at(-1)).toEqual(['h1', 'h3', 'h4']);
    // still a printed document, not one of the user's own
    expect(useCompose.getState().docs[2]!.source).toBe('print');
  });

  it('"Add" while the first draft is still being saved claims only what each step put on the form, and only after a draft had it', async () => {
    const { claimed, draftHandles, holdSaves } = desk([1, 2, 3, 4, 5].map(offered));
    const release = holdSaves();
    sendScreen();
    await waitFor(() => expect(onForm()).toEqual(['h1', 'h2', 'h3']));
    removeAt(0);
    const adding = addWaiting();
    await waitFor(() => expect(onForm()).toEqual(['h2', 'h3', 'h4']));
    release();
    await act(() => adding);
    await waitFor(() => expect(claimed()).toHaveLength(4));
    expect(claimed().sort()).toEqual(['h1', 'h2', 'h3', 'h4']);
    expect(waiting()).toEqual(['h5']);
    // h4 was claimed after a draft that holds it
    expect(draftHandles.some((d) => d.includes('h4'))).toBe(true);
  });

  it('"New fax" after a send keeps the printed ones waiting (with "Add"), not files the user dropped', async () => {
    const { claimed } = desk([1, 2, 3, 4].map(offered));
    sendScreen();
    await waitFor(() => expect(claimed()).toHaveLength(3));
    act(() => useCompose.setState((s) => ({ overflow: [...s.overflow, { handle: 'dropped', name: 'mine.pdf' }] })));
    act(() => useSendResult.getState().show({ overall: 'sent' } as SendResult, 'Offer'));
    // a sent fax on screen takes none of them
    await act(() => addWaiting());
    expect(onForm()).toEqual(['h1', 'h2', 'h3']);
    act(() => startNewFax());
    expect(onForm()).toEqual([]);
    expect(waiting()).toEqual(['h4']);
    await act(() => addWaiting());
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3', 'h4']));
    expect(onForm()).toEqual(['h4']);
  });

  it('when main cannot look at them, "Add" keeps them listed (and says why), and claims nothing', async () => {
    let failing = false;
    const { claimed } = desk([1, 2, 3, 4, 5].map(offered), { inspectFails: () => failing });
    sendScreen();
    await waitFor(() => expect(claimed()).toHaveLength(3));
    removeAt(0);
    failing = true;
    await act(() => addWaiting());
    expect(waiting()).toEqual(['h4', 'h5']);
    expect(useCompose.getState().refused.at(-1)!.name).toContain('h4.pdf');
    expect(claimed()).toEqual(['h1', 'h2', 'h3']);
  });

  it('a draft that cannot be saved claims nothing (the next window is handed them all again)', async () => {
    const { main, claimed } = desk([1, 2, 3, 4].map(offered), { draftFails: true });
    sendScreen();
    await waitFor(() => expect(main.inputsOf('saveDraft')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 30));
    expect(claimed()).toEqual([]);
  });

  it('more than one look takes (20): the rest are listed, not dropped unseen, and not claimed', async () => {
    const many = Array.from({ length: 23 }, (_, i) => offered(i + 1));
    const { main, claimed } = desk([...many]);
    sendScreen();
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3']));
    expect((main.inputsOf('inspectDocuments')[0] as { handles: string[] }).handles).toHaveLength(20);
    expect(waiting()).toEqual(many.slice(3).map((d) => d.handle));
    expect(useCompose.getState().overflow.at(-1)!.name).toBe('printed-23.pdf');
  });

  it('"Dismiss": the list goes, and main hands them over no more', async () => {
    const { claimed } = desk([1, 2, 3, 4, 5].map(offered));
    sendScreen();
    await waitFor(() => expect(claimed()).toHaveLength(3));
    act(() => dismissWaiting());
    expect(waiting()).toEqual([]);
    expect(claimed()).toEqual(['h1', 'h2', 'h3', 'h4', 'h5']);
  });

  it('"Start a new fax with them": the documents just arrived fill the new fax; those waiting from before stay listed', async () => {
    const arrived = [1, 2, 3, 4].map(offered);
    const { main, claimed } = desk(arrived);
    sendScreen();
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3']));
    act(() => useCompose.getState().setRecipients('+86 10 8888 1234'));
    const next = [5, 6, 7].map(offered);
    arrived.push(...next); // main holds them beside the one still waiting (h4)
    main.emit('documentsOffered', { documents: next, rejected: [], overflow: 0 });
    await waitFor(() => expect(useArrivals.getState().asking).toHaveLength(3));
    await act(() => answerArrival('new'));
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2', 'h3', 'h5', 'h6', 'h7']));
    expect(onForm()).toEqual(['h5', 'h6', 'h7']);
    expect(waiting()).toEqual(['h4']);
  });

  it('a sent fax on screen takes none of them, also with room; nor does its notice offer Add', async () => {
    const { claimed } = desk([1, 2, 3, 4].map(offered));
    sendScreen();
    await waitFor(() => expect(claimed()).toHaveLength(3));
    removeAt(0);
    act(() => useSendResult.getState().show({ overall: 'sent' } as SendResult, 'Offer'));
    await act(() => addWaiting());
    expect(onForm()).toEqual(['h2', 'h3']);
    expect(waiting()).toEqual(['h4']);
  });

  it('the Send screen shown again does not take the waiting ones again by itself', async () => {
    const { main, claimed } = desk([1, 2, 3, 4].map(offered));
    const first = sendScreen();
    await waitFor(() => expect(claimed()).toHaveLength(3));
    removeAt(0);
    first.unmount();
    const inspected = main.inputsOf('inspectDocuments').length;
    sendScreen(); // another screen, then Send again: main hands the unclaimed one over again
    await waitFor(() => expect(main.inputsOf('takePendingDocuments').length).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 30));
    expect(main.inputsOf('inspectDocuments')).toHaveLength(inspected);
    expect(onForm()).toEqual(['h2', 'h3']);
    expect(waiting()).toEqual(['h4']);
    expect(useArrivals.getState().asking).toEqual([]);
  });

  it('when main cannot look at arrived documents, they are listed to be added again, not claimed', async () => {
    let failing = true;
    const { claimed } = desk([1, 2].map(offered), { inspectFails: () => failing });
    sendScreen();
    await waitFor(() => expect(waiting()).toEqual(['h1', 'h2']));
    expect(claimed()).toEqual([]);
    failing = false;
    await act(() => addWaiting());
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h2']));
    expect(onForm()).toEqual(['h1', 'h2']);
  });

  it('a document listed once is not listed twice when it comes again', () => {
    const doc = { handle: 'h9', name: 'nine.pdf', source: 'print' as const };
    act(() => useCompose.getState().attach([], [], [doc]));
    act(() => useCompose.getState().attach([], [], [doc, doc]));
    expect(waiting()).toEqual(['h9']);
  });
});

describe('the draft brought back at start', () => {
  it('when main cannot look at its documents, they are listed to be added again, not gone', async () => {
    let failing = true;
    desk([], { inspectFails: () => failing });
    await act(() => restoreDocuments([{ handle: 'h1', url: null, name: 'contract.pdf', pages: 2, fileRef: null }]));
    expect(onForm()).toEqual([]);
    expect(useCompose.getState().overflow).toEqual([{ handle: 'h1', name: 'contract.pdf', fromDraft: true }]);
    failing = false;
    await act(() => addWaiting());
    await waitFor(() => expect(onForm()).toEqual(['h1']));
  });

  it('the documents main could not look at stay in the drafts saved meanwhile, until dismissed or a new fax is started', async () => {
    const contract = { handle: 'h1', url: null, name: 'contract.pdf', pages: 2, fileRef: null };
    const { draftHandles } = desk([], { inspectFails: () => true, draft: { documents: [contract], recipientsText: '', name: '', scheduleLocal: '', cover: null } });
    useCompose.setState({ restored: false });
    renderHook(() => useDraft());
    await waitFor(() => expect(waiting()).toEqual(['h1']));
    // the user goes on with the form: the draft saved then still holds the contract (a restart keeps it)
    act(() => useCompose.getState().setRecipients('+86 10 8888 1234'));
    await waitFor(() => expect(draftHandles.at(-1)).toEqual(['h1']), { timeout: 3000 });
    // dismissed: the next draft no longer has it
    act(() => dismissWaiting());
    await waitFor(() => expect(draftHandles.at(-1)).toEqual([]), { timeout: 3000 });
    // and a new fax does not carry it either
    act(() => useCompose.getState().wait([{ handle: 'h1', name: 'contract.pdf', fromDraft: true }]));
    await waitFor(() => expect(draftHandles.at(-1)).toEqual(['h1']), { timeout: 3000 });
    act(() => startNewFax());
    expect(waiting()).toEqual([]);
    await act(() => saveDraftNow());
    expect(draftHandles.at(-1)).toEqual([]);
  });

  it('one of them added when there is room for only one: the other, listed again, is still the draft’s', async () => {
    let failing = true;
    const { draftHandles } = desk([], { inspectFails: () => failing });
    const doc = (handle: string) => ({ handle, url: null, name: `${handle}.pdf`, pages: 1, fileRef: null });
    await act(() => restoreDocuments([doc('a'), doc('b')]));
    expect(waiting()).toEqual(['a', 'b']);
    failing = false;
    // the user's own two documents, then "Add": one slot left
    await act(async () => void (await addHandles(['x', 'y'])));
    const savesBefore = draftHandles.length;
    await act(() => addWaiting());
    await waitFor(() => expect(onForm()).toEqual(['x', 'y', 'a']));
    expect(waiting()).toEqual(['b']);
    // the draft is saved at once with the added one, and b, listed again, is still the draft's
    expect(draftHandles.length).toBeGreaterThan(savesBefore);
    expect(useCompose.getState().overflow).toEqual([{ handle: 'b', name: 'b.pdf', fromDraft: true }]);
    // a slot freed: the draft holds b again, so a restart does not lose it
    removeAt(0);
    await act(() => saveDraftNow());
    expect(draftHandles.at(-1)).toEqual(['y', 'a', 'b']);
  });
});

/** The user's own fax is on its way when a document is printed: the question is asked beside it. */
async function askedDuringSend() {
  const arrived: OfferedDocument[] = [];
  const { main, claimed } = desk(arrived);
  sendScreen();
  act(() => useCompose.getState().setRecipients('+86 10 8888 1234'));
  act(() => useSendResult.getState().setSending(true));
  arrived.push(offered(2));
  main.emit('documentsOffered', { documents: arrived, rejected: [], overflow: 0 });
  await waitFor(() => expect(useArrivals.getState().asking).toHaveLength(1));
  return { claimed };
}

describe('an arrival answered while a send is on its way', () => {
  it('"Add to this fax" waits for the send; a fax that went out is not added to: the document starts a new fax, claimed only then', async () => {
    const { claimed } = await askedDuringSend();
    const answered = answerArrival('add');
    await new Promise((r) => setTimeout(r, 30));
    expect(onForm()).toEqual([]);
    expect(claimed()).toEqual([]);
    // the send went out: the compose shows it, locked
    act(() => {
      useSendResult.getState().show({ overall: 'sent' } as SendResult, 'Offer');
      useSendResult.getState().setSending(false);
    });
    await act(() => answered);
    await waitFor(() => expect(claimed()).toEqual(['h2']));
    expect(onForm()).toEqual(['h2']);
    expect(useSendResult.getState().result).toBeNull();
    expect(useCompose.getState().recipientsText).toBe('');
  });

  it('"Add to this fax" after the fax was sent starts a new fax with it', async () => {
    const arrived = [offered(1)];
    const { claimed } = desk(arrived);
    act(() => useCompose.getState().setRecipients('+86 10 8888 1234'));
    sendScreen();
    await waitFor(() => expect(useArrivals.getState().asking).toHaveLength(1));
    act(() => useSendResult.getState().show({ overall: 'sent' } as SendResult, 'Offer'));
    await act(() => answerArrival('add'));
    await waitFor(() => expect(claimed()).toEqual(['h1']));
    expect(useSendResult.getState().result).toBeNull();
    expect(useCompose.getState().recipientsText).toBe('');
  });
});

describe('documents added while the fax on the form is on its way', () => {
  /** The user's fax is being sent (review or request) when they add a document; main's look is held. */
  async function addedDuringSend() {
    let release!: () => void;
    const looked = new Promise<void>((r) => (release = r));
    installBridge({
      inspectDocuments: async (input) => {
        await looked;
        return { ok: true, value: (input as { handles: string[] }).handles.map(info) };
      },
      uploadDocument: () => new Promise(() => {}),
    });
    act(() => useCompose.getState().setRecipients('+86 10 8888 1234'));
    act(() => useSendResult.getState().setSending(true));
    const adding = addHandles(['late']);
    release();
    await new Promise((r) => setTimeout(r, 30));
    // nothing joins the fax on its way out
    expect(onForm()).toEqual([]);
    /** the send ends with `overall`, and the document's addition goes on */
    const sendEnds = async (overall: SendResult['overall']) => {
      act(() => {
        useSendResult.getState().show({ overall } as SendResult, 'Offer');
        useSendResult.getState().setSending(false);
      });
      await act(() => adding);
    };
    return { sendEnds };
  }

  it('wait for its outcome; a fax that went out is not added to: they start the next fax', async () => {
    const { sendEnds } = await addedDuringSend();
    await sendEnds('sent');
    expect(onForm()).toEqual(['late']);
    expect(useCompose.getState().recipientsText).toBe('');
    expect(useSendResult.getState().result).toBeNull();
  });

  it('join the form when it was not sent (refused), beside what was typed; the refusal stays in view', async () => {
    const { sendEnds } = await addedDuringSend();
    await sendEnds('refused');
    expect(onForm()).toEqual(['late']);
    expect(useCompose.getState().recipientsText).toBe('+86 10 8888 1234');
    // why it was refused is what the user needs now: the documents joining it do not wipe it
    expect(useSendResult.getState().result?.overall).toBe('refused');
  });

  it('name each new file once, not one already on the form', async () => {
    installBridge({ inspectDocuments: (input) => ({ ok: true, value: (input as { handles: string[] }).handles.map(info) }), uploadDocument: () => new Promise(() => {}) });
    await act(() => addHandles(['offer']));
    act(() => useSendResult.getState().setSending(true));
    const adding = addHandles(['offer', 'late', 'late']);
    await waitFor(() => expect(useSendResult.getState().held.flatMap((h) => h.names)).toEqual(['late.pdf']));
    act(() => useSendResult.getState().setSending(false));
    await act(() => adding);
    expect(useSendResult.getState().held).toEqual([]);
    expect(onForm()).toEqual(['offer', 'late']);
  });

  it.each([
    ['en', 'now', null, '“late.pdf” was added during this review and is not part of this fax. If this fax goes out, it starts your next fax; if not (you go back to editing, or the fax is refused), it is added to this one.'],
    ['zh-CN', 'now', null, '“late.pdf” 是在本次确认期间加入的，不在这份传真里。若这份传真发出，将用来开始您的下一份传真；若未发出（您返回修改，或传真被拒绝），则加入这份传真。'],
    // a scheduled fax does not go out now: the note says what the button ("Schedule") does
    ['en', 'scheduled', Date.UTC(2030, 0, 15, 2, 0), '“late.pdf” was added during this review and is not part of this fax. If this fax is scheduled, it starts your next fax; if not (you go back to editing, or the fax is refused), it is added to this one.'],
    ['zh-CN', 'scheduled', Date.UTC(2030, 0, 15, 2, 0), '“late.pdf” 是在本次确认期间加入的，不在这份传真里。若这份传真已定时提交，将用来开始您的下一份传真；若未提交（您返回修改，或传真被拒绝），则加入这份传真。'],
  ] as const)('the open review says which documents wait and what becomes of them, until the send ends (%s, %s)', async (language, _when, scheduledAt, said) => {
    await initI18n(language);
    try {
      const facts = { name: 'Offer', documents: [{ name: 'offer.pdf', pages: 1 }], recipients: 1, numbers: ['861088881234'], scheduledAt, estimate: null, balance: null };
      renderWithQueries(<ReviewDialog facts={facts} serviceTimeZone="Asia/Shanghai" onConfirm={() => {}} onCancel={() => {}} />);
      const { sendEnds } = await addedDuringSend();
      expect((await screen.findByTestId('send-held')).textContent).toBe(said);
      await sendEnds('sent');
      expect(screen.queryByTestId('send-held')).toBeNull();
    } finally {
      await initI18n('en');
    }
  });

  it.each([
    ['en', '“late.pdf” was added while this question was open and is not part of this fax. If you send it again, it starts your next fax; if not (Don’t send, or the fax is refused), it is added to this one.'],
    ['zh-CN', '“late.pdf” 是在此问题打开期间加入的，不在这份传真里。若您再次发送，将用来开始您的下一份传真；若不发送（选择“不发送”，或传真被拒绝），则加入这份传真。'],
  ] as const)('the same-fax question names them too, with what becomes of them, until the send ends (%s)', async (language, said) => {
    await initI18n(language);
    try {
      const details = { taskName: 'Offer', sentAtMs: Date.now() - 60_000, windowMinutes: 30, senderName: null, computerName: null } as unknown as SendRepeatDetails;
      renderWithQueries(<RepeatDialog details={details} onConfirm={() => {}} onCancel={() => {}} />);
      const { sendEnds } = await addedDuringSend();
      expect((await screen.findByTestId('send-held')).textContent).toBe(said);
      await sendEnds('refused');
      expect(screen.queryByTestId('send-held')).toBeNull();
      expect(onForm()).toEqual(['late']);
    } finally {
      await initI18n('en');
    }
  });
});

describe('a drop of more files than one look takes', () => {
  it.each(['en', 'zh-CN'] as const)('names the files beyond the 20 it looks at, instead of dropping them unseen (%s)', async (language) => {
    await initI18n(language);
    let granted = 0;
    installBridge({
      grantFile: () => ({ ok: true, value: { handle: `g${++granted}` } }),
      inspectDocuments: (input) => ({ ok: true, value: (input as { handles: string[] }).handles.map(info) }),
      uploadDocument: () => new Promise(() => {}),
    });
    const files = Array.from({ length: 22 }, (_, i) => new File(['%PDF-1.4'], `scan-${i + 1}.pdf`, { type: 'application/pdf' }));
    await act(() => addFiles(files));
    expect(granted).toBe(20);
    render(<RefusedList />);
    const said = screen.getByText(/scan-21\.pdf, scan-22\.pdf/);
    expect(said.textContent).toContain(language === 'en' ? 'looks at 20 files at once at most, and a fax holds 3' : '最多查看 20 个文件，一份传真最多 3 个文档');
  });
});

describe('the same file again, and an answer before a send failed', () => {
  it('a file of the sent fax opened again (main gives it the same handle) starts a new fax with it', async () => {
    const arrived = [offered(1)];
    const { main, claimed } = desk(arrived);
    sendScreen();
    await waitFor(() => expect(claimed()).toEqual(['h1']));
    act(() => useSendResult.getState().show({ overall: 'sent' } as SendResult, 'Offer'));
    arrived.push({ ...offered(1), id: 'o1-again' });
    main.emit('documentsOffered', { documents: arrived, rejected: [], overflow: 0 });
    await waitFor(() => expect(claimed()).toEqual(['h1', 'h1']));
    expect(useSendResult.getState().result).toBeNull();
    expect(onForm()).toEqual(['h1']);
  });

  it('"Start a new fax with them" answered while a send is on its way that then fails: the form and its error stay, the question comes back', async () => {
    const { claimed } = await askedDuringSend();
    const answered = answerArrival('new');
    act(() => {
      useSendResult.getState().show({ overall: 'refused' } as SendResult, 'Offer');
      useSendResult.getState().setSending(false);
    });
    expect(await answered).toBe(false);
    expect(useCompose.getState().recipientsText).toBe('+86 10 8888 1234');
    expect(useSendResult.getState().result).not.toBeNull();
    expect(useArrivals.getState().asking.map((d) => d.handle)).toEqual(['h2']);
    expect(claimed()).toEqual([]);
  });
});
