import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { LoadingSpinner } from '../loading-spinner.tsx';

/** PDF.js and its worker load only here, when a preview opens: no page pays for them up front. */
async function openPdf(blob: Blob): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()) }).promise;
}

/** A PDF page by page on a canvas, with Previous and Next. */
export function PdfPreview({ blob, name }: { blob: Blob; name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    let opened: PDFDocumentProxy | null = null;
    openPdf(blob)
      .then((document) => {
        opened = document;
        if (isCurrent) setPdf(document);
      })
      .catch(() => isCurrent && setError('This PDF could not be shown: download it instead.'));
    return () => {
      isCurrent = false;
      void opened?.destroy();
    };
  }, [blob]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    const target = canvas.current;
    let task: { cancel: () => void } | null = null;
    void pdf.getPage(pageNumber).then((page) => {
      const width = target.parentElement?.clientWidth || 800;
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: Math.min(2, width / base.width) });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      const render = page.render({ canvas: target, viewport });
      task = render;
      render.promise.catch(() => {});
    });
    return () => task?.cancel();
  }, [pdf, pageNumber]);

  if (error) return <Alert color="red">{error}</Alert>;
  if (!pdf) return <LoadingSpinner />;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button size="xs" variant="default" disabled={pageNumber <= 1} onClick={() => setPageNumber((page) => page - 1)}>
          Previous page
        </Button>
        <Text size="sm" role="status">
          Page {pageNumber} of {pdf.numPages}
        </Text>
        <Button size="xs" variant="default" disabled={pageNumber >= pdf.numPages} onClick={() => setPageNumber((page) => page + 1)}>
          Next page
        </Button>
      </Group>
      <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <canvas ref={canvas} role="img" aria-label={`${name}, page ${pageNumber} of ${pdf.numPages}`} style={{ maxWidth: '100%' }} />
      </div>
    </Stack>
  );
}
