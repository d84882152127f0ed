import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { openPdfDocument } from '../utils/pdf-document.ts';

export type PdfDocumentState = { pdf: PDFDocumentProxy | null; error: string | null };

/** Opens the PDF that `load` fetches (with the caller's session or link), again when `fileKey` changes; closes it when the page goes. */
export function usePdfDocument(load: () => Promise<ArrayBuffer>, fileKey: string): PdfDocumentState {
  const [state, setState] = useState<PdfDocumentState>({ pdf: null, error: null });
  useEffect(() => {
    let isCurrent = true;
    let opened: PDFDocumentProxy | null = null;
    setState({ pdf: null, error: null });
    load()
      .then(openPdfDocument)
      .then((pdf) => {
        opened = pdf;
        if (isCurrent) setState({ pdf, error: null });
        else void pdf.destroy();
      })
      .catch(() => isCurrent && setState({ pdf: null, error: 'The document could not be shown. Please reload the page.' }));
    return () => {
      isCurrent = false;
      void opened?.destroy();
    };
    // `load` is a new function on every render; the file it loads is named by fileKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fileKey]);
  return state;
}
