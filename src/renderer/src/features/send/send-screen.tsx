import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseRecipients } from '../../../../shared/phone/parse';
import { call, CallError } from '../../lib/api';
import { useSettings } from '../account/hooks';
import { useCompose } from './compose-store';
import { addFiles, restoreDocuments, useOfferedDocuments, useUploadProgress } from './documents';
import { DocumentsPanel } from './documents-panel';
import { DetailsPanel, SCHEDULE_LEAD_MS, scheduleMs, useNow } from './details-panel';
import { RecipientsPanel } from './recipients-panel';
import { ResultPanel } from './result-panel';
import './send.css';

/** The whole window accepts dropped files while the Send screen is shown. */
function useWindowDrop(): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth += 1;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overFn = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      void addFiles(Array.from(e.dataTransfer?.files ?? []));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overFn);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overFn);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return over;
}

/** Restores the draft once, then saves it (documents by handle; main keeps their paths) a moment after each change. */
function useDraft(): string | null {
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const { t } = useTranslation('send');
  useEffect(() => {
    if (useCompose.getState().restored) return;
    void call('loadDraft')
      .then(async (draft) => {
        const s = useCompose.getState();
        if (draft && s.docs.length === 0 && !s.recipientsText) {
          s.set({
            recipientsText: draft.recipientsText,
            name: draft.name,
            scheduleLocal: draft.scheduleLocal,
            ...(draft.cover ? { cover: { from: draft.cover.from, to: draft.cover.to, subject: draft.cover.subject, message: draft.cover.message }, coverOpen: draft.cover.enabled } : {}),
          });
          await restoreDocuments(draft.documents);
        }
      })
      .catch(() => {})
      .finally(() => useCompose.getState().set({ restored: true }));
  }, []);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsub = useCompose.subscribe((s, prev) => {
      if (!s.restored) return;
      if (s.docs === prev.docs && s.recipientsText === prev.recipientsText && s.name === prev.name && s.scheduleLocal === prev.scheduleLocal && s.cover === prev.cover && s.coverOpen === prev.coverOpen) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        const c = useCompose.getState();
        void call('saveDraft', {
          documents: c.docs.map((d) => d.doc),
          recipientsText: c.recipientsText,
          name: c.name,
          scheduleLocal: c.scheduleLocal,
          cover: { enabled: c.coverOpen, ...c.cover },
        }).then((r) => setSavedAt(r.savedAt), () => {});
      }, 700);
    });
    return () => {
      unsub();
      if (timer) clearTimeout(timer);
    };
  }, []);
  return savedAt ? t('actions.draftSaved') : null;
}

export function SendScreen() {
  const { t } = useTranslation('send');
  const queryClient = useQueryClient();
  const settings = useSettings();
  const country = settings.data?.defaultCountry ?? 'CN';
  const serviceTimeZone = settings.data?.serviceTimeZone ?? 'Asia/Shanghai';
  const docs = useCompose((s) => s.docs);
  const text = useCompose((s) => s.recipientsText);
  const name = useCompose((s) => s.name);
  const schedule = useCompose((s) => s.scheduleLocal);
  const result = useCompose((s) => s.result);
  const set = useCompose((s) => s.set);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dropping = useWindowDrop();
  const draftNote = useDraft();
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useNow();
  useUploadProgress();
  useOfferedDocuments(useCallback(() => set({ result: null }), [set]));

  const parsed = useMemo(() => parseRecipients(text, country), [text, country]);
  const uploading = docs.some((d) => d.upload.kind === 'uploading');
  const ms = scheduleMs(schedule);
  const blocker =
    docs.length === 0
      ? t('actions.needDocument')
      : parsed.numbers.length === 0
        ? t('actions.needRecipient')
        : parsed.counts.invalid > 0
          ? t('actions.fixInvalid')
          : uploading
            ? t('actions.waitUploads')
            : ms !== null && ms < now + SCHEDULE_LEAD_MS
              ? t('details.past')
              : null;

  const sendNow = async () => {
    setSending(true);
    setError(null);
    const numbers = parsed.numbers;
    const byIndex = (fields: Record<string, string[]>) => {
      const serviceErrors: Record<string, string[]> = {};
      const otherErrors: Record<string, string[]> = {};
      for (const [key, messages] of Object.entries(fields)) {
        const m = /^recipients\.(\d+)$/.exec(key);
        const n = m ? numbers[Number(m[1])] : undefined;
        if (n) serviceErrors[n] = messages;
        else otherErrors[key] = messages;
      }
      return { serviceErrors, otherErrors };
    };
    try {
      const r = await call('sendFax', { name: name.trim(), documents: docs.map((d) => d.doc), numbers, scheduledAt: ms });
      set({ result: r, ...byIndex(r.fields) });
      if (r.overall === 'sent') void call('clearDraft');
      // Hot-folder documents are filed into sent/ once their fax is queued (others are left where they are).
      if (r.overall === 'sent' || r.overall === 'partial') {
        for (const d of docs) if (d.doc.handle && !d.isCover) void call('settleDocument', { handle: d.doc.handle, outcome: 'sent' }).catch(() => {});
      }
      void queryClient.invalidateQueries();
    } catch (e) {
      if (e instanceof CallError && e.fields) set({ result: null, ...byIndex(e.fields) });
      const key = e instanceof CallError ? `errors.${e.code.replace(/\./g, '_')}` : '';
      setError((key && t(key, { defaultValue: '' })) || (e as Error).message);
    } finally {
      setSending(false);
      heading.current?.focus();
    }
  };

  const removeSent = () => {
    if (!result) return;
    const sent = new Set(result.sentNumbers);
    const keep = parsed.rows.filter((r) => !(r.number && sent.has(r.number))).map((r) => r.input);
    set({ recipientsText: keep.join('\n'), result: null });
  };

  return (
    <section className="screen send-screen" aria-labelledby="send-title">
      <h1 id="send-title" ref={heading} tabIndex={-1}>
        {t('title')}
      </h1>
      {dropping ? (
        <div className="send-drop-overlay" aria-hidden="true">
          <div>{t('documents.dropHere')}</div>
        </div>
      ) : null}
      <DocumentsPanel />
      <RecipientsPanel parsed={parsed} country={country} />
      <DetailsPanel serviceTimeZone={serviceTimeZone} recipients={parsed.numbers.length} />
      {result ? <ResultPanel result={result} serviceTimeZone={serviceTimeZone} onRemoveSent={removeSent} /> : null}
      {error ? (
        <p className="notice bad" role="alert" data-testid="send-error">
          {error}
        </p>
      ) : null}
      <div className="send-actions">
        <button type="button" className="btn primary" disabled={sending || blocker !== null} onClick={() => void sendNow()} data-testid="send-button" aria-describedby="send-blocker">
          {sending ? t('actions.sending') : ms !== null ? t('actions.schedule') : t('actions.send')}
        </button>
        <span id="send-blocker" className="muted">
          {blocker ?? draftNote ?? ''}
        </span>
      </div>
    </section>
  );
}
