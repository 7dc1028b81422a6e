/**
 * The text a reader (or a search) gets out of a PDF, read with pdfjs-dist (the library the window's
 * viewer uses): one string per page, items joined by spaces.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // a plain copy: pdf.js refuses Node Buffers and takes ownership of what it is given
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' ').replace(/\s+/g, ' '));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
