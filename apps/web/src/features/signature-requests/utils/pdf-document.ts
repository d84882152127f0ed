import type * as Pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** PDF.js and its worker, asked for once: a page calls this as it opens, before the document's bytes arrive, so both download together. */
let pdfjsLoading: Promise<typeof Pdfjs> | null = null;

export function loadPdfjs(): Promise<typeof Pdfjs> {
  pdfjsLoading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
  return pdfjsLoading;
}

export async function openPdfDocument(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  return pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
}
