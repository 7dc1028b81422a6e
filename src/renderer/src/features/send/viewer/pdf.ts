/**
 * pdf.js, loaded on first use. The worker is bundled as a file of our own origin: the CSP allows
 * workers from 'self' only. Documents are opened from bytes the window already has (a dropped File,
 * or what main handed over for a granted handle): connect-src 'self' does not allow fetching blob: URLs.
 */
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | null = null;
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist').then((m) => {
    m.GlobalWorkerOptions.workerSrc = workerUrl;
    return m;
  });
  return pdfjs;
}

export interface OpenPdf {
  doc: PDFDocumentProxy;
  close(): void;
}

/** Opens a PDF from its bytes (copied: pdf.js hands its buffer to the worker, which would empty the caller's). */
export async function openPdf(data: Uint8Array, signal?: AbortSignal): Promise<OpenPdf> {
  const lib = await loadPdfJs();
  const task = lib.getDocument({ data: data.slice(), enableXfa: false, disableWorkerRendering: true });
  const close = () => void task.destroy();
  signal?.addEventListener('abort', close);
  const doc = await task.promise;
  return { doc, close };
}

/**
 * Draws one page into `canvas` at the largest size that fits `box` (CSS pixels), sharp on a HiDPI
 * screen. The CSS size is set too, so the page keeps its proportions whatever the canvas's box.
 */
export async function drawPage(page: PDFPageProxy, canvas: HTMLCanvasElement, box: { width: number; height?: number }, signal?: AbortSignal): Promise<void> {
  const base = page.getViewport({ scale: 1 });
  const fit = Math.min(box.width / base.width, box.height ? box.height / base.height : Infinity);
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: fit * ratio });
  canvas.width = Math.max(1, Math.floor(viewport.width));
  canvas.height = Math.max(1, Math.floor(viewport.height));
  canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  const task = page.render({ canvas, viewport });
  const cancel = () => task.cancel();
  signal?.addEventListener('abort', cancel);
  try {
    await task.promise;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/** A cancelled render is not a failure to report. */
export function isCancelled(e: unknown): boolean {
  return e instanceof Error && e.name === 'RenderingCancelledException';
}

/**
 * Runs the draws of one canvas one after another: pdf.js refuses a second render on a canvas until a
 * cancelled one has really stopped, which a page turn or a redrawn cover during a render would hit.
 */
export function drawQueue(): (job: () => Promise<void>) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (job) => {
    const run = last.then(job);
    last = run.catch(() => {});
    return run;
  };
}
