import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SourceState } from './source';
import { useOpenPdf } from './use-open-pdf';
import { ViewerBody } from './viewer-body';
import './viewer.css';

/**
 * A modal viewer for what will be sent. The platform's <dialog> keeps focus inside and Escape closes
 * it; focus goes back to whatever opened it. A PDF is opened once and drawn a page at a time.
 */
export function DocumentViewer({ title, state, onClose }: { title: string; state: SourceState; onClose(): void }) {
  const { t } = useTranslation('send');
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const statusId = useId();
  const [page, setPage] = useState(1);
  const data = state.source?.kind === 'pdf' ? state.source.data : null;
  const { pdf, broken } = useOpenPdf(data, setPage);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  const pages = state.source?.kind === 'image' ? 1 : (pdf?.pages ?? 0);
  const go = useCallback((to: number) => setPage(() => Math.max(1, Math.min(pages, to))), [pages]);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || pages < 2) return;
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, PageDown: 1, ArrowLeft: -1, ArrowUp: -1, PageUp: -1 };
    if (e.key in step) go(page + step[e.key]!);
    else if (e.key === 'Home') go(1);
    else if (e.key === 'End') go(pages);
    else return;
    e.preventDefault();
  };

  return (
    <dialog
      ref={ref}
      className="viewer"
      aria-labelledby={titleId}
      aria-describedby={pages > 0 ? statusId : undefined}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      data-testid="viewer"
    >
      <header className="viewer-header">
        <h2 id={titleId} className="viewer-title">
          {title}
        </h2>
        {pages > 0 ? (
          <p id={statusId} className="viewer-status" aria-live="polite" data-testid="viewer-status">
            {t('preview.pageOf', { page, total: pages })}
          </p>
        ) : null}
        <button type="button" className="btn" ref={closeRef} onClick={onClose}>
          {t('preview.close')}
        </button>
      </header>
      <ViewerBody title={title} state={state} pdf={pdf} broken={broken} page={page} go={go} />
      {pages > 1 ? (
        <footer className="viewer-footer">
          {/* aria-disabled, not disabled: a button disabled under the focus would drop the focus out of the dialog */}
          <button type="button" className="btn" aria-disabled={page <= 1} onClick={() => go(page - 1)}>
            {t('preview.previous')}
          </button>
          <button type="button" className="btn" aria-disabled={page >= pages} onClick={() => go(page + 1)}>
            {t('preview.next')}
          </button>
          <span className="muted viewer-keys">{t('preview.keys')}</span>
        </footer>
      ) : null}
    </dialog>
  );
}
