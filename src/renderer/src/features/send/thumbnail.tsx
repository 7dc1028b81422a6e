import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawPage, drawQueue, isCancelled, openPdf } from './viewer/pdf';
import type { ViewerSource } from './viewer/source';


/** Draws page 1 of a PDF into the canvas, scaled to the thumbnail width. */
async function renderFirstPage(data: Uint8Array, canvas: HTMLCanvasElement, width: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  const pdf = await openPdf(data, signal);
  try {
    await drawPage(await pdf.doc.getPage(1), canvas, { width }, signal);
  } finally {
    pdf.close();
  }
}

/**
 * First page of a document: pdf.js for PDF, the image itself for JPG/PNG, a "no preview" box for
 * what cannot be drawn; an empty box while the bytes are on their way.
 */
export function Thumbnail({ name, source, failed: failedToLoad = false, width = 72 }: { name: string; source: ViewerSource | null; failed?: boolean; width?: number }) {
  const { t } = useTranslation('send');
  const canvas = useRef<HTMLCanvasElement>(null);
  const data = source?.kind === 'pdf' ? source.data : null;
  // which bytes failed: new bytes (a redrawn cover) get their own try
  const [failedData, setFailedData] = useState<Uint8Array | null>(null);
  const failed = data !== null && failedData === data;
  const [queue] = useState(drawQueue);

  useEffect(() => {
    if (!data || !canvas.current) return;
    const controller = new AbortController();
    const target = canvas.current;
    queue(() => renderFirstPage(data, target, width, controller.signal)).catch((e: unknown) => {
      if (!controller.signal.aborted && !isCancelled(e)) setFailedData(data);
    });
    return () => controller.abort();
  }, [data, width, queue]);

  const label = t('documents.thumbnailOf', { name });
  if (failedToLoad || failed || source?.kind === 'unsupported') {
    return (
      <div className="send-thumb send-thumb-empty" aria-hidden="true" style={{ width }}>
        {t('documents.noPreview')}
      </div>
    );
  }
  if (!source) return <div className="send-thumb send-thumb-empty" aria-hidden="true" style={{ width }} />;
  if (source.kind === 'image') return <img className="send-thumb" src={source.url} alt={label} width={width} style={{ width }} />;
  return <canvas ref={canvas} className="send-thumb" role="img" aria-label={label} />;
}
