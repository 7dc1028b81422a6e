import { useTranslation } from 'react-i18next';
import type { DocItem } from '../compose-store';
import { cancelUpload, upload } from '../documents';

/** A document's upload: its progress with Cancel, done, or cancelled/failed with Retry. */
export function UploadLine({ item }: { item: DocItem }) {
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
