import type * as Pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';

type LoadedPdfjs = { pdfjs: typeof Pdfjs; worker: PDFWorker };

let pdfjsLoading: Promise<LoadedPdfjs> | null = null;

/**
 * PDF.js and one worker of its own, asked for once: a page calls this as it opens, before the
 * document's bytes arrive, so the worker starts while they download. The worker is handed to each
 * document (which then leaves it running when closed), so the next document needs no new one.
 */
export function loadPdfjs(): Promise<LoadedPdfjs> {
  pdfjsLoading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([pdfjs, workerUrl]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl.default;
    return { pdfjs, worker: new pdfjs.PDFWorker() };
  });
  return pdfjsLoading;
}

export async function openPdfDocument(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  const { pdfjs, worker } = await loadPdfjs();
  return pdfjs.getDocument({ data: new Uint8Array(bytes), worker }).promise;
}
