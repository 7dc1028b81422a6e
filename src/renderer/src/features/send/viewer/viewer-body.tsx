import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { ErrorNotice } from '@renderer/components/error-notice';
import { PageStage } from './page-stage';
import { PageThumb } from './page-thumb';
import type { SourceState } from './source';

/** What the viewer shows: the pages (a strip and the page on show), the image, or why it cannot. */
export function ViewerBody({ title, state, pdf, broken, page, go }: { title: string; state: SourceState; pdf: { doc: PDFDocumentProxy; pages: number } | null; broken: boolean; page: number; go(page: number): void }) {
  const { t } = useTranslation('send');
  const { source, error } = state;
  if (error) return error.code === 'other' ? <ErrorNotice className="viewer-message">{t('preview.failed')}</ErrorNotice> : <ErrorNotice error={error} context="preview" className="viewer-message" />;
  if (source?.kind === 'unsupported') {
    return <p className="viewer-message">{source.ext === 'url' ? t('preview.remote') : source.ext ? t('preview.unsupported', { type: source.ext.toUpperCase() }) : t('preview.unsupportedOther')}</p>;
  }
  if (broken) return <ErrorNotice className="viewer-message">{t('preview.broken')}</ErrorNotice>;
  if (source?.kind === 'image') {
    return (
      <div className="viewer-stage">
        <img className="viewer-image" src={source.url} alt={t('preview.imageOf', { name: title })} />
      </div>
    );
  }
  if (!pdf) return <p className="viewer-message" role="status">{t('preview.loading')}</p>;
  return (
    <div className="viewer-body">
      {pdf.pages > 1 ? (
        <ol className="viewer-strip" aria-label={t('preview.pages')}>
          {Array.from({ length: pdf.pages }, (_, i) => (
            <PageThumb key={i + 1} doc={pdf.doc} page={i + 1} current={page === i + 1} onPick={go} />
          ))}
        </ol>
      ) : null}
      <PageStage doc={pdf.doc} page={page} title={title} />
    </div>
  );
}
