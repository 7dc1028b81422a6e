import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { drawPage } from './pdf';

const THUMB_WIDTH = 84;

/** One page in the strip: drawn only once it scrolls into view, so a long document is never drawn whole. */
export function PageThumb({ doc, page, current, onPick }: { doc: PDFDocumentProxy; page: number; current: boolean; onPick(page: number): void }) {
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
