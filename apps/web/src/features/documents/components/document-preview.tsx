import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import type { DocumentView } from '@matterhorn/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { fetchDocumentBlob } from '../api/downloads.ts';
import { previewKindOf } from '../utils/document-display.ts';

const LazyPdfPreview = lazy(async () => ({ default: (await import('./pdf-preview.tsx')).PdfPreview }));

/** The newest version in the page: PDFs through PDF.js, images as they are, anything else downloads. */
export function DocumentPreview({ document }: { document: DocumentView }) {
  const [isOpen, setIsOpen] = useState(false);
  const kind = previewKindOf(document.contentType);
  if (document.scanStatus !== 'available') return null;
  if (kind === 'none') {
    return (
      <Text size="sm" c="dimmed">
        No preview for this type: download it.
      </Text>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Preview">
      {isOpen ? (
        <PreviewBody id={document.id} version={document.currentVersionNumber} name={document.name} kind={kind} />
      ) : (
        <Button variant="default" size="sm" onClick={() => setIsOpen(true)}>
          Preview
        </Button>
      )}
    </Paper>
  );
}

function PreviewBody({ id, version, name, kind }: { id: string; version: number; name: string; kind: 'pdf' | 'image' }) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    let url: string | null = null;
    fetchDocumentBlob(id, version)
      .then((loaded) => {
        if (!isCurrent) return;
        setBlob(loaded);
        if (kind === 'image') {
          url = URL.createObjectURL(loaded);
          setImageUrl(url);
        }
      })
      .catch((failure: unknown) => isCurrent && setError(failure instanceof Error ? failure.message : 'The preview could not be loaded'));
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, version, kind]);

  if (error) return <Alert color="red">{error}</Alert>;
  if (!blob) return <LoadingSpinner />;
  return (
    <Stack gap="xs">
      {kind === 'image' && imageUrl ? (
        <img src={imageUrl} alt={name} style={{ maxWidth: '100%', height: 'auto' }} />
      ) : (
        <Suspense fallback={<LoadingSpinner />}>
          <LazyPdfPreview blob={blob} name={name} />
        </Suspense>
      )}
    </Stack>
  );
}
