import { Alert } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { fetchPageLayout, fetchSigningDocument, type PageLayout } from '../api/signing-api.ts';
import { PageImageStack } from './page-image-stack.tsx';
import { PdfPageStack } from './pdf-page-stack.tsx';
import { usePdfDocument } from './use-pdf-document.ts';

export type SigningDocumentProps = {
  documentUrl: string;
  name: string;
  renderOverlay: (pageNumber: number) => ReactNode;
  onPageDrawn: (pageNumber: number) => void;
};

/**
 * The document the signer reads: the server's page images (no PDF.js at all), or, when it has none
 * to give or one fails to load, the PDF drawn by PDF.js as before. Both show the same page groups
 * with the same places over them.
 */
export function SigningDocument({ documentUrl, name, renderOverlay, onPageDrawn }: SigningDocumentProps) {
  // undefined while asked for; null when the server has no page images of this document.
  const [layout, setLayout] = useState<PageLayout | null | undefined>(undefined);
  const [hasImageFailed, setHasImageFailed] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void fetchPageLayout(documentUrl).then((answer) => isCurrent && setLayout(answer));
    return () => {
      isCurrent = false;
    };
  }, [documentUrl]);

  if (layout === undefined) return <LoadingSpinner label="Loading the document" />;
  if (layout && !hasImageFailed)
    return (
      <PageImageStack
        layout={layout}
        name={name}
        renderOverlay={renderOverlay}
        onPageDrawn={onPageDrawn}
        onFailed={() => setHasImageFailed(true)}
      />
    );
  return <PdfDocument documentUrl={documentUrl} name={name} renderOverlay={renderOverlay} onPageDrawn={onPageDrawn} />;
}

function PdfDocument({ documentUrl, name, renderOverlay, onPageDrawn }: SigningDocumentProps) {
  const { pdf, error } = usePdfDocument(() => fetchSigningDocument(documentUrl), documentUrl);
  if (error) return <Alert color="red">{error}</Alert>;
  if (!pdf) return <LoadingSpinner label="Loading the document" />;
  return <PdfPageStack pdf={pdf} name={name} renderOverlay={renderOverlay} onPageDrawn={onPageDrawn} />;
}
