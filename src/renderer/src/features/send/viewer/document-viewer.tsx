import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { ErrorNotice } from '@renderer/components/error-notice';
import { drawPage, drawQueue, isCancelled, openPdf } from './pdf';
import type { SourceState } from './source';
import './viewer.css';

const THUMB_WIDTH = 84;

/** One page in the strip: drawn only once it scrolls into view, so a long document is never drawn whole. */
function PageThumb({ doc, page, current, onPick }: { doc: PDFDocumentProxy; page: number; current: boolean; onPick(page: number): void }) {
  const { t } = useTranslation('send');
  const button = useRef<HTMLButtonElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const el = button.current;
    if (!el || visible) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setVisible(true);
    }, { root: el.closest('.viewer-strip'), rootMargin: '200px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible || !canvas.current) return;
    const controller = new AbortController();
    const target = canvas.current;
    doc
      .getPage(page)
      .then((p) => drawPage(p, target, { width: THUMB_WIDTH }, controller.signal))
      .catch(() => {});
    return () => controller.abort();
  }, [visible, doc, page]);

  useEffect(() => {
    if (current) button.current?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  return (
    <li>
      <button
        ref={button}
        type="button"
        className="viewer-thumb"
        aria-current={current ? 'page' : undefined}
        aria-label={t('preview.goToPage', { page })}
        onClick={() => onPick(page)}
      >
        <canvas ref={canvas} className="viewer-thumb-canvas" aria-hidden="true" />
        <span className="viewer-thumb-number" aria-hidden="true">
          {page}
        </span>
      </button>
    </li>
  );
}

/** The page on show, redrawn to fit the stage when the page or the window's size changes. */
function PageStage({ doc, page, title }: { doc: PDFDocumentProxy; page: number; title: string }) {
  const { t } = useTranslation('send');
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => {
      const next = { width: Math.max(100, el.clientWidth - 24), height: Math.max(100, el.clientHeight - 24) };
      setBox((b) => (b && b.width === next.width && b.height === next.height ? b : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const [queue] = useState(drawQueue);
  useEffect(() => {
    if (!box || !canvas.current) return;
    const controller = new AbortController();
    const target = canvas.current;
    setFailed(false);
    queue(async () => {
      if (controller.signal.aborted) return;
      const p = await doc.getPage(page);
      if (controller.signal.aborted) return;
      await drawPage(p, target, box, controller.signal);
      // the size it is drawn for: a screenshot (e2e) waits for the drawing that fits the window, not a while
      target.dataset.drawn = `${box.width}x${box.height}`;
    }).catch((e: unknown) => {
      if (!controller.signal.aborted && !isCancelled(e)) setFailed(true);
    });
    return () => controller.abort();
  }, [doc, page, box, queue]);

  return (
    <div className="viewer-stage" ref={stage}>
      {failed ? <p className="viewer-message">{t('preview.pageFailed', { page })}</p> : null}
      <canvas ref={canvas} className="viewer-page" role="img" aria-label={t('preview.pageOfDocument', { page, name: title })} hidden={failed} data-testid="viewer-page" />
    </div>
  );
}

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
  const [pdf, setPdf] = useState<{ doc: PDFDocumentProxy; pages: number } | null>(null);
  /** The PDF bytes pdf.js could not open (a new document starts unbroken). */
  const [brokenData, setBrokenData] = useState<Uint8Array | null>(null);
  const [page, setPage] = useState(1);
  const { source, error } = state;
  const data = source?.kind === 'pdf' ? source.data : null;
  const broken = data !== null && brokenData === data;

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

  useEffect(() => {
    if (!data) return;
    const controller = new AbortController();
    let opened: Awaited<ReturnType<typeof openPdf>> | null = null;
    openPdf(data, controller.signal)
      .then((o) => {
        opened = o;
        if (controller.signal.aborted) return o.close();
        setPdf({ doc: o.doc, pages: o.doc.numPages });
        setPage((p) => Math.min(p, o.doc.numPages));
      })
      .catch(() => {
        if (!controller.signal.aborted) setBrokenData(data);
      });
    return () => {
      controller.abort();
      opened?.close();
      setPdf(null);
    };
  }, [data]);

  const pages = source?.kind === 'image' ? 1 : (pdf?.pages ?? 0);
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

  let body;
  if (error) body = error.code === 'other' ? <p className="viewer-message" role="alert">{t('preview.failed')}</p> : <ErrorNotice error={error} context="preview" className="viewer-message" />;
  else if (source?.kind === 'unsupported') {
    body = <p className="viewer-message">{source.ext === 'url' ? t('preview.remote') : source.ext ? t('preview.unsupported', { type: source.ext.toUpperCase() }) : t('preview.unsupportedOther')}</p>;
  } else if (broken) body = <p className="viewer-message" role="alert">{t('preview.broken')}</p>;
  else if (source?.kind === 'image') {
    body = (
      <div className="viewer-stage">
        <img className="viewer-image" src={source.url} alt={t('preview.imageOf', { name: title })} />
      </div>
    );
  } else if (!pdf) body = <p className="viewer-message" role="status">{t('preview.loading')}</p>;
  else {
    body = (
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
      {body}
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
