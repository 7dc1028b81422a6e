import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { drawPage, drawQueue, isCancelled } from './pdf';

/** The page on show, redrawn to fit the stage when the page or the window's size changes. */
export function PageStage({ doc, page, title }: { doc: PDFDocumentProxy; page: number; title: string }) {
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
