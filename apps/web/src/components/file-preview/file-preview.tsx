import { Alert, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadingSpinner } from '../loading-spinner.tsx';

const LazyPdfPreview = lazy(async () => ({ default: (await import('./pdf-preview.tsx')).PdfPreview }));

export type PreviewKind = 'pdf' | 'image' | 'none';

/** TIFF and HEIC are images browsers cannot show, so they download like any other type. */
export function previewKindOf(contentType: string): PreviewKind {
  if (contentType === 'application/pdf') return 'pdf';
  if (['image/jpeg', 'image/png', 'image/gif', 'image/webp'].includes(contentType)) return 'image';
  return 'none';
}

/**
 * A file shown in the page: PDFs through PDF.js, images as they are. `load` fetches its bytes with
 * the caller's session (an <img> or PDF.js cannot carry a bearer token); it runs again when `fileKey` changes.
 */
export function FilePreview({
  load,
  fileKey,
  name,
  kind,
}: {
  load: () => Promise<Blob>;
  fileKey: string;
  name: string;
  kind: 'pdf' | 'image';
}) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    let url: string | null = null;
    load()
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
    // `load` is a new function on every render; the file it loads is named by fileKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fileKey, kind]);

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
