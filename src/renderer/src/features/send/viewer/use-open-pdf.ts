import { useEffect, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { openPdf } from './pdf';

/** The PDF opened once for the viewer (closed when it goes), or that pdf.js could not open these bytes. */
export function useOpenPdf(data: Uint8Array | null, setPage: (change: (page: number) => number) => void) {
  const [pdf, setPdf] = useState<{ doc: PDFDocumentProxy; pages: number } | null>(null);
  /** The PDF bytes pdf.js could not open (a new document starts unbroken). */
  const [brokenData, setBrokenData] = useState<Uint8Array | null>(null);
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
  }, [data, setPage]);
  return { pdf, broken: data !== null && brokenData === data };
}
