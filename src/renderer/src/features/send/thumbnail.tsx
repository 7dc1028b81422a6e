import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
// Bundled as a file of our own origin: the CSP allows workers from 'self' only.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

const WIDTH = 72;

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | null = null;
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist').then((m) => {
    m.GlobalWorkerOptions.workerSrc = workerUrl;
    return m;
  });
  return pdfjs;
}

/** Draws page 1 of a PDF into the canvas, scaled to the thumbnail width. */
async function renderFirstPage(file: Blob, canvas: HTMLCanvasElement, signal: AbortSignal): Promise<void> {
  const lib = await loadPdfJs();
  // Read from the File itself: the CSP (connect-src 'self') does not allow fetching blob: URLs.
  const data = new Uint8Array(await file.arrayBuffer());
  if (signal.aborted) return;
  const task = lib.getDocument({ data, enableXfa: false, disableWorkerRendering: true });
  signal.addEventListener('abort', () => void task.destroy());
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: (WIDTH / base.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise;
  } finally {
    void task.destroy();
  }
}

/** First page of a dropped document: pdf.js for PDF, the image itself for JPG/PNG. */
export function Thumbnail({ name, file, url, kind }: { name: string; file: File | null; url: string | null; kind: 'pdf' | 'image' | null }) {
  const { t } = useTranslation('send');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (kind !== 'pdf' || !file || !canvas.current) return;
    const controller = new AbortController();
    renderFirstPage(file, canvas.current, controller.signal).catch(() => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [kind, file]);

  const label = t('documents.thumbnailOf', { name });
  if (!kind || failed || (kind === 'pdf' ? !file : !url)) {
    return (
      <div className="send-thumb send-thumb-empty" aria-hidden="true">
        {t('documents.noPreview')}
      </div>
    );
  }
  if (kind === 'image') return <img className="send-thumb" src={url ?? undefined} alt={label} width={WIDTH} />;
  return <canvas ref={canvas} className="send-thumb" role="img" aria-label={label} />;
}
