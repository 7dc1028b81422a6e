import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useCompose, type DocItem } from '../compose-store';
import { cancelUpload } from '../documents';
import { Thumbnail } from '../thumbnail';
import { formatSize } from '@renderer/lib/describe-error';
import { DocumentViewer, useDocumentSource } from '../viewer';
import { UploadLine } from './upload-line';

/** One attached document: its thumbnail and viewer, its facts, its upload, and its order and removal. */
export function DocumentRow({ item, index, count }: { item: DocItem; index: number; count: number }) {
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
          {item.source ? <span>{` · ${t(`documents.source.${item.source}`)}`}</span> : null}
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
