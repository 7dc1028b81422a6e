import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePlus } from 'lucide-react';
import { MAX_DOCUMENTS } from '@shared/send/limits';
import { call } from '@renderer/lib/api';
import { newKey, useCompose, type DocItem } from '../compose-store';
import { upload } from '../documents';
import { describeError } from '@renderer/lib/describe-error';
import { CoverLivePreview } from '../viewer';
import { Field } from '@renderer/components/field';

/** The pages the cover announces besides itself: unknown when any document's count is. */
function documentPagesOf(docs: readonly DocItem[]): number | null {
  return docs.every((d) => d.doc.pages !== null) ? docs.reduce((n, d) => n + (d.doc.pages ?? 0), 0) : null;
}

/** The cover page form with its live preview; the cover it makes is sent first. */
export function CoverPage() {
  const { t } = useTranslation('send');
  const open = useCompose((s) => s.coverOpen);
  const cover = useCompose((s) => s.cover);
  const docs = useCompose((s) => s.docs);
  const set = useCompose((s) => s.set);
  const addDocument = useCompose((s) => s.addDocument);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const full = docs.length >= MAX_DOCUMENTS;
  const hasCover = docs.some((d) => d.isCover);
  const make = async () => {
    setBusy(true);
    setNote(null);
    try {
      const { document, replacedCharacters } = await call('makeCoverPage', { ...cover, documentPages: documentPagesOf(docs) });
      const key = newKey('c');
      const doc = { handle: document.handle, url: null, name: document.name, pages: document.pages, fileRef: null };
      addDocument({ key, doc, size: document.size, warning: null, upload: { kind: 'idle' }, previewUrl: null, previewFile: null, previewKind: 'pdf', isCover: true }, 'first');
      set({ coverOpen: false });
      if (replacedCharacters) setNote(t('cover.replaced'));
      void upload(key);
    } catch (e) {
      setNote(describeError(e));
    } finally {
      setBusy(false);
    }
  };
  if (!open) {
    return (
      <>
        <button type="button" className="btn" disabled={full || hasCover} onClick={() => set({ coverOpen: true })}>
          <FilePlus aria-hidden="true" size={15} />
          {t('cover.toggle')}
        </button>
        {note ? <p className="notice warn">{note}</p> : null}
      </>
    );
  }
  const field = (k: 'from' | 'to' | 'subject') => (
    <Field id={`send-cover-${k}`} key={k} label={t(`cover.${k}`)}>
      {(control) => <input {...control} value={cover[k]} maxLength={200} onChange={(e) => set({ cover: { ...cover, [k]: e.target.value } })} />}
    </Field>
  );
  return (
    <fieldset className="send-cover">
      <legend>{t('cover.heading')}</legend>
      <div className="send-cover-body">
        <div className="send-cover-fields">
          {field('from')}
          {field('to')}
          {field('subject')}
          <Field id="send-cover-message" label={t('cover.message')}>
            {(control) => <textarea {...control} rows={4} maxLength={4000} value={cover.message} onChange={(e) => set({ cover: { ...cover, message: e.target.value } })} />}
          </Field>
        </div>
        <CoverLivePreview input={{ ...cover, documentPages: documentPagesOf(docs) }} />
      </div>
      {full ? <p className="notice warn">{t('cover.noRoom', { max: MAX_DOCUMENTS })}</p> : <p className="hint muted">{t('cover.sentFirst', { max: MAX_DOCUMENTS })}</p>}
      <div className="row">
        <button type="button" className="btn" disabled={busy || full} onClick={() => void make()}>
          {busy ? t('cover.making') : t('cover.make')}
        </button>
        <button type="button" className="btn" onClick={() => set({ coverOpen: false })}>
          {t('common:cancel')}
        </button>
      </div>
    </fieldset>
  );
}
