import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ArrowDown, ArrowUp, FilePlus, FolderOpen, Link, X } from 'lucide-react';
import { ACCEPTED_DOCUMENT_EXTENSIONS, MAX_DOCUMENTS } from '../../../../shared/send/limits';
import { call } from '../../lib/api';
import { newKey, useCompose, type DocItem, type Refusal } from './compose-store';
import { addFiles, addHandles, cancelUpload, upload } from './documents';
import { HotFolderProblem } from './hot-folder-notice';
import { Thumbnail } from './thumbnail';
import { describeError, formatSize } from '../../lib/describe-error';
import { CoverLivePreview } from './viewer/cover-preview';
import { DocumentViewer } from './viewer/lazy-viewer';
import { useDocumentSource } from './viewer/source';

const ACCEPT = ACCEPTED_DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

function UploadLine({ item }: { item: DocItem }) {
  const { t } = useTranslation('send');
  const u = item.upload;
  const name = item.doc.name;
  if (u.kind === 'uploading') {
    const pct = u.total > 0 ? Math.round((u.sent / u.total) * 100) : 0;
    return (
      <div className="send-upload">
        <progress max={100} value={pct} aria-label={t('documents.uploading', { name })} />
        <span className="muted">{pct}%</span>
        <button type="button" className="btn small" onClick={() => void cancelUpload(item.key)} aria-label={t('documents.cancelUpload', { name })}>
          {t('common:cancel')}
        </button>
      </div>
    );
  }
  if (u.kind === 'done') return <span className="send-ok">{t('documents.uploaded')}</span>;
  if (u.kind === 'cancelled' || u.kind === 'failed') {
    return (
      <div className="send-upload">
        <span className={u.kind === 'failed' ? 'error-text' : 'muted'}>
          {u.kind === 'failed' ? t('documents.uploadFailed', { message: u.message }) : t('documents.uploadCancelled')}
        </span>
        <button type="button" className="btn small" onClick={() => void upload(item.key)} aria-label={t('documents.retryUpload', { name })}>
          {t('common:retry')}
        </button>
      </div>
    );
  }
  return null;
}

function DocumentRow({ item, index, count }: { item: DocItem; index: number; count: number }) {
  const { t } = useTranslation('send');
  const move = useCompose((s) => s.moveDoc);
  const remove = useCompose((s) => s.removeDoc);
  const errors = useCompose((s) => s.otherErrors[`documents.${index}`]);
  const name = item.doc.name;
  const source = useDocumentSource(item);
  const [viewing, setViewing] = useState(false);
  /** Out of the fax, its upload stopped if it is still running. */
  const discard = () => {
    if (item.upload.kind === 'uploading') void cancelUpload(item.key);
    remove(item.key);
  };
  return (
    <li className="send-doc" data-testid="send-document">
      {/* the mouse's way in; the keyboard's is the Preview button, so the row has one tab stop for it */}
      <button type="button" className="send-thumb-button" tabIndex={-1} onClick={() => setViewing(true)} aria-label={t('preview.openThumbnail', { name })}>
        <Thumbnail name={name} source={source.source} failed={source.error !== null} />
      </button>
      {viewing ? <DocumentViewer title={name} state={source} onClose={() => setViewing(false)} /> : null}
      <div className="send-doc-main">
        <div className="send-doc-name">
          <span className="send-doc-index">{index + 1}.</span> {name}
        </div>
        <div className="muted">
          {item.doc.pages !== null ? t('documents.pages', { count: item.doc.pages }) : t('documents.pagesUnknown')}
          {item.size !== null ? ` · ${formatSize(item.size)}` : ''}
          {item.doc.url ? ` · ${t('documents.fromUrl')}` : ''}
          {item.source ? <span data-testid="send-document-source">{` · ${t(`documents.source.${item.source}`)}`}</span> : null}
        </div>
        {item.warning === 'large' && item.size !== null ? <div className="send-warn">{t('documents.large', { size: formatSize(item.size) })}</div> : null}
        {errors?.map((m) => (
          <div key={m} className="error-text">
            {m}
          </div>
        ))}
        <UploadLine item={item} />
      </div>
      <div className="send-doc-actions">
        <button type="button" className="btn small" onClick={() => setViewing(true)} aria-label={t('preview.openLabel', { name })}>
          {t('preview.open')}
        </button>
        {item.isCover ? (
          <button
            type="button"
            className="btn small"
            onClick={() => {
              // Back to the form with what was written; "Add cover page" draws it again, first in line.
              discard();
              useCompose.getState().set({ coverOpen: true });
            }}
            data-testid="send-cover-edit"
          >
            {t('cover.edit')}
          </button>
        ) : null}
        <button type="button" className="btn small" disabled={index === 0} onClick={() => move(item.key, -1)} aria-label={t('documents.moveUp', { name })} title={t('documents.moveUp', { name })}>
          <ArrowUp aria-hidden="true" size={14} />
        </button>
        <button type="button" className="btn small" disabled={index === count - 1} onClick={() => move(item.key, 1)} aria-label={t('documents.moveDown', { name })} title={t('documents.moveDown', { name })}>
          <ArrowDown aria-hidden="true" size={14} />
        </button>
        <button
          type="button"
          className="btn small"
          onClick={discard}
          aria-label={t('documents.remove', { name })}
          title={t('documents.remove', { name })}
        >
          <X aria-hidden="true" size={14} />
        </button>
      </div>
    </li>
  );
}

function AddFromUrl() {
  const { t } = useTranslation('send');
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = useCompose((s) => s.docs.length >= MAX_DOCUMENTS);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { document } = await call('addFromUrl', { url: url.trim() });
      const s = useCompose.getState();
      s.set({
        docs: [...s.docs, { key: newKey('u'), doc: document, size: null, warning: null, upload: { kind: 'done' }, previewUrl: null, previewFile: null, previewKind: null, isCover: false }],
      });
      setUrl('');
      setOpen(false);
    } catch (err) {
      setError(describeError(err, 'url'));
    } finally {
      setBusy(false);
    }
  };
  if (!open) {
    return (
      <button type="button" className="btn" disabled={full} onClick={() => setOpen(true)}>
        <Link aria-hidden="true" size={15} />
        {t('url.toggle')}
      </button>
    );
  }
  return (
    <form className="send-url" onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label htmlFor="send-url">{t('url.label')}</label>
        <input id="send-url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" aria-describedby="send-url-hint" />
        <span className="hint" id="send-url-hint">
          {t('url.hint')}
        </span>
        {error ? (
          <span className="error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <div className="row">
        <button type="submit" className="btn" disabled={busy || full}>
          {busy ? t('url.adding') : t('url.add')}
        </button>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          {t('common:cancel')}
        </button>
      </div>
    </form>
  );
}

/** The pages the cover announces besides itself: unknown when any document's count is. */
/** A refusal in words; a hot-folder file moved into failed/ says so after its reason. */
function refusalText(t: TFunction<'send'>, r: Refusal): string {
  const problem = t(`documents.problem.${r.code as Exclude<Refusal['code'], 'other'>}`, { name: r.name, size: r.size > 0 ? formatSize(r.size) : '> 10 MB' });
  return r.movedToFailed ? t('documents.movedToFailed', { problem }) : problem;
}

function documentPagesOf(docs: readonly DocItem[]): number | null {
  return docs.every((d) => d.doc.pages !== null) ? docs.reduce((n, d) => n + (d.doc.pages ?? 0), 0) : null;
}

function CoverPage() {
  const { t } = useTranslation('send');
  const open = useCompose((s) => s.coverOpen);
  const cover = useCompose((s) => s.cover);
  const docs = useCompose((s) => s.docs);
  const set = useCompose((s) => s.set);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const full = docs.length >= MAX_DOCUMENTS;
  const hasCover = docs.some((d) => d.isCover);
  const make = async () => {
    setBusy(true);
    setNote(null);
    try {
      const { document, replacedCharacters } = await call('makeCoverPage', { ...cover, documentPages: documentPagesOf(docs) });
      const s = useCompose.getState();
      s.set({
        docs: [
          { key: newKey('c'), doc: { handle: document.handle, url: null, name: document.name, pages: document.pages, fileRef: null }, size: document.size, warning: null, upload: { kind: 'idle' }, previewUrl: null, previewFile: null, previewKind: 'pdf', isCover: true },
          ...s.docs,
        ],
        coverOpen: false,
      });
      if (replacedCharacters) setNote(t('cover.replaced'));
      const first = useCompose.getState().docs[0];
      if (first) void upload(first.key);
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
    <div className="field" key={k}>
      <label htmlFor={`send-cover-${k}`}>{t(`cover.${k}`)}</label>
      <input id={`send-cover-${k}`} value={cover[k]} maxLength={200} onChange={(e) => set({ cover: { ...cover, [k]: e.target.value } })} />
    </div>
  );
  return (
    <fieldset className="send-cover">
      <legend>{t('cover.heading')}</legend>
      <div className="send-cover-body">
        <div className="send-cover-fields">
          {field('from')}
          {field('to')}
          {field('subject')}
          <div className="field">
            <label htmlFor="send-cover-message">{t('cover.message')}</label>
            <textarea id="send-cover-message" rows={4} maxLength={4000} value={cover.message} onChange={(e) => set({ cover: { ...cover, message: e.target.value } })} />
          </div>
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

export function DocumentsPanel() {
  const { t } = useTranslation('send');
  const docs = useCompose((s) => s.docs);
  const refused = useCompose((s) => s.refused);
  const overflow = useCompose((s) => s.overflow);
  const notice = useCompose((s) => s.intakeNotice);
  const set = useCompose((s) => s.set);
  const input = useRef<HTMLInputElement>(null);

  return (
    <section className="panel" aria-labelledby="send-docs-heading">
      <h2 id="send-docs-heading">{t('documents.heading')}</h2>
      <p className="muted">{t('documents.hint', { max: MAX_DOCUMENTS })}</p>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="send-file-input"
        aria-label={t('documents.pickerLabel')}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          void addFiles(files);
        }}
      />
      <HotFolderProblem />
      {notice ? (
        <div className={`notice ${notice.kind === 'waiting' ? 'info' : 'bad'}`} role={notice.kind === 'waiting' ? 'status' : 'alert'} data-testid="send-intake-notice">
          {notice.kind === 'waiting' ? t('documents.printedWaiting', { count: notice.count }) : t('documents.settleFailed', { message: notice.message })}{' '}
          <button type="button" className="btn small" onClick={() => set({ intakeNotice: null })}>
            {t('documents.dismiss')}
          </button>
        </div>
      ) : null}
      {refused.length > 0 ? (
        <div className="notice bad" role="alert" data-testid="send-refused">
          <strong>{t('documents.refusedHeading')}</strong>
          <ul>
            {refused.map((r) => (
              <li key={r.key}>
                {r.code === 'other' ? r.message : refusalText(t, r)}
              </li>
            ))}
          </ul>
          <button type="button" className="btn small" onClick={() => set({ refused: [] })}>
            {t('documents.dismiss')}
          </button>
        </div>
      ) : null}
      {docs.length === 0 ? (
        <p className="muted">{t('documents.empty')}</p>
      ) : (
        <ol className="send-docs" aria-label={t('documents.listLabel')}>
          {docs.map((d, i) => (
            <DocumentRow key={d.key} item={d} index={i} count={docs.length} />
          ))}
        </ol>
      )}
      {overflow.length > 0 ? (
        <div className="notice warn" data-testid="send-overflow">
          {t('documents.full', { max: MAX_DOCUMENTS, names: overflow.map((o) => o.name).join(', ') })}
          {docs.length < MAX_DOCUMENTS ? (
            <button type="button" className="btn small" onClick={() => void addHandles(overflow.map((o) => o.handle), [], overflow.map((o) => o.name))}>
              {t('url.add')}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="row">
        <button type="button" className="btn" disabled={docs.length >= MAX_DOCUMENTS} onClick={() => input.current?.click()}>
          <FolderOpen aria-hidden="true" size={15} />
          {t('documents.choose')}
        </button>
        <AddFromUrl />
        <CoverPage />
      </div>
    </section>
  );
}
