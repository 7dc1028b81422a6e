import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@renderer/i18n';
import { useCompose } from '@renderer/features/send/compose-store';
import { DRAFT_SAVE_DELAY_MS, useDraft } from '@renderer/features/send/use-draft';
import { describeError } from '@renderer/lib/describe-error';
import { useSendResult } from '@renderer/features/send/send-result';
import type { SendResult } from '@shared/send/types';
import { installBridge } from '../fake-bridge';

const diskFull = { code: 'storage.disk_full', message: 'FaxDesk could not save a file: the disk is full — free some space and try again.' };

/** The user types; the save runs once the compose has rested (the clock is advanced, not waited for). */
async function typeAndRest(text: string) {
  act(() => useCompose.getState().set({ recipientsText: text }));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useCompose.getState().reset();
  useSendResult.getState().clear();
});

describe('the draft line under the Send button', () => {
  it.each(['en', 'zh-CN'] as const)('says a save that failed and why (%s), instead of keeping "Draft saved"', async (language) => {
    await initI18n(language);
    vi.useFakeTimers();
    useCompose.getState().reset(); // restored: no draft to load
    let full = false;
    installBridge({ saveDraft: () => (full ? { ok: false, error: diskFull } : { ok: true, value: { savedAt: 1 } }) });
    const { result } = renderHook(() => useDraft());
    expect(result.current).toBeNull();

    await typeAndRest('861088880001');
    const saved = language === 'en' ? 'Draft saved' : '草稿已保存';
    expect(result.current).toBe(saved);

    full = true;
    await typeAndRest('861088880002');
    const reason = describeError(diskFull);
    expect(result.current).toBe(language === 'en' ? `Draft not saved: ${reason}` : `草稿未保存：${reason}`);

    // the disk has room again: the next save says so
    full = false;
    await typeAndRest('861088880003');
    expect(result.current).toBe(saved);
  });

  it('says the last draft could not be restored when loading it fails', async () => {
    await initI18n('en');
    useCompose.getState().set({ restored: false });
    installBridge({ loadDraft: () => ({ ok: false, error: { code: 'internal', message: 'x' } }) });
    const { result } = renderHook(() => useDraft());
    await vi.waitFor(() => expect(result.current).toBe(`Your last draft could not be restored: ${describeError({ code: 'internal', message: 'x' })}`));
    expect(useCompose.getState().restored).toBe(true);
  });

  it('saves what the user typed before the last draft had been loaded, and saves nothing for a draft only restored', async () => {
    await initI18n('en');
    vi.useFakeTimers();
    useCompose.getState().reset();
    useCompose.getState().set({ restored: false });
    let answer!: (r: unknown) => void;
    const bridge = installBridge({
      loadDraft: () => new Promise((r) => (answer = r)),
      saveDraft: () => ({ ok: true, value: { savedAt: 1 } }),
    });
    const { result } = renderHook(() => useDraft());
    // the user types at once, while the draft is still being loaded (there is none)
    act(() => useCompose.getState().set({ recipientsText: '861088880001' }));
    await act(async () => {
      answer({ ok: true, value: null });
      await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    });
    expect(bridge.inputsOf('saveDraft')).toMatchObject([{ recipientsText: '861088880001' }]);
    expect(result.current).toBe('Draft saved');
    cleanup();

    // a draft restored into an untouched form is the draft on disk already: nothing to save
    useCompose.getState().reset();
    useCompose.getState().set({ restored: false });
    const draft = { documents: [], recipientsText: '861088880002', name: 'Offer', scheduleLocal: '', cover: null, savedAt: 1 };
    const quiet = installBridge({ loadDraft: () => ({ ok: true, value: draft }), saveDraft: () => ({ ok: true, value: { savedAt: 2 } }) });
    renderHook(() => useDraft());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);
    });
    expect(useCompose.getState()).toMatchObject({ restored: true, recipientsText: '861088880002', name: 'Offer' });
    expect(quiet.inputsOf('saveDraft')).toEqual([]);
    cleanup();

    // the user types while the draft's documents are still being put back: saved once they are, the document with it
    useCompose.getState().reset();
    useCompose.getState().set({ restored: false });
    const handle = `fh_${'D'.repeat(32)}`;
    const withDoc = { ...draft, recipientsText: '', name: '', documents: [{ handle, url: null, name: 'memo.pdf', pages: 1, fileRef: null }] };
    let inspected!: (r: unknown) => void;
    const typing = installBridge({
      loadDraft: () => ({ ok: true, value: withDoc }),
      inspectDocuments: () => new Promise((r) => (inspected = r)),
      saveDraft: () => ({ ok: true, value: { savedAt: 3 } }),
    });
    renderHook(() => useDraft());
    await vi.waitFor(() => expect(inspected).toBeTypeOf('function'));
    act(() => useCompose.getState().set({ recipientsText: '861088880003' }));
    await act(async () => {
      inspected({ ok: true, value: [{ path: '/x/memo.pdf', name: 'memo.pdf', size: 9, ext: 'pdf', pages: 1, warning: null, error: null }] });
      await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    });
    expect(typing.inputsOf('saveDraft')).toMatchObject([{ recipientsText: '861088880003', documents: [{ name: 'memo.pdf' }] }]);
  });

  it('a save still due when the fax is sent does not write the sent fax back as the draft (typed, then Send within the rest)', async () => {
    await initI18n('en');
    vi.useFakeTimers();
    useCompose.getState().reset();
    const saved: unknown[] = [];
    installBridge({ saveDraft: (draft) => (saved.push(draft), { ok: true, value: { savedAt: 1 } }) });
    renderHook(() => useDraft());
    /** typed, Send pressed before the rest is over, and the send ended with `overall`; then the rest runs out */
    const sendWithinRest = async (typed: string, overall: SendResult['overall']) => {
      act(() => useSendResult.getState().clear());
      act(() => useCompose.getState().set({ recipientsText: typed }));
      act(() => useSendResult.getState().show({ overall } as SendResult, 'Offer'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);
      });
    };
    // the fax went out (main cleared the draft then): its form is not written back
    await sendWithinRest('861088880001', 'sent');
    expect(saved).toEqual([]);
    // a refused send stays editable: its form is still saved
    await sendWithinRest('861088880002', 'refused');
    expect(saved).toHaveLength(1);
    // sent in part (or its outcome unknown): main keeps the draft, and it is the form as it was sent
    await sendWithinRest('861088880003', 'partial');
    expect(saved).toHaveLength(2);
    expect((saved[1] as { recipientsText: string }).recipientsText).toBe('861088880003');
    act(() => useSendResult.getState().clear());
  });
});
