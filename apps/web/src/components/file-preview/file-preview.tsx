import { Alert, Stack, Text } from '@mantine/core';
import { DOCX_CONTENT_TYPE } from '@matterhorn/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadingSpinner } from '../loading-spinner.tsx';

const LazyPdfPreview = lazy(async () => ({ default: (await import('./pdf-preview.tsx')).PdfPreview }));
const LazyTextPreview = lazy(async () => ({ default: (await import('./text-preview.tsx')).TextPreview }));
const LazyWordPreview = lazy(async () => ({ default: (await import('./word-preview.tsx')).WordPreview }));

export type PreviewKind = 'pdf' | 'image' | 'text' | 'word' | 'none';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const TEXT_TYPES = ['text/plain', 'text/csv', 'message/rfc822'];

/**
 * How a file can be shown in the page. TIFF and HEIC are images browsers cannot show, so they
 * download like any other type. A Word document needs the server to render it, which only a
 * caller that can ask for it says (`canShowWord`: the firm's documents, not the portal).
 */
export function previewKindOf(contentType: string, { canShowWord = false }: { canShowWord?: boolean } = {}): PreviewKind {
  if (contentType === 'application/pdf') return 'pdf';
  if (IMAGE_TYPES.includes(contentType)) return 'image';
  if (TEXT_TYPES.includes(contentType)) return 'text';
  if (contentType === DOCX_CONTENT_TYPE && canShowWord) return 'word';
  return 'none';
}

export type FilePreviewProps = {
  /** The file's bytes (PDFs, images, text). */
  load: () => Promise<Blob>;
  /** The server's sanitised HTML of a Word document (kind 'word'). */
  loadHtml?: () => Promise<string>;
  /** Names the file loaded: a new key loads again. */
  fileKey: string;
  name: string;
  kind: Exclude<PreviewKind, 'none'>;
};

/**
 * A file shown in the page: PDFs through PDF.js, images as they are, text in a scrolled block, Word
 * as the server's HTML. `load` fetches the bytes with the caller's session (an <img> or PDF.js
 * cannot carry a bearer token); it runs again when `fileKey` changes.
 */
export function FilePreview({ load, loadHtml, fileKey, name, kind }: FilePreviewProps) {
  if (kind === 'word') {
    if (!loadHtml) {
      return (
        <Text size="sm" c="dimmed">
          No preview for this type: download it.
        </Text>
      );
    }
    return (
      <Suspense fallback={<LoadingSpinner />}>
        <LazyWordPreview loadHtml={loadHtml} fileKey={fileKey} name={name} />
      </Suspense>
    );
  }
  return <FileBytesPreview load={load} fileKey={fileKey} name={name} kind={kind} />;
}

function FileBytesPreview({ load, fileKey, name, kind }: Omit<FilePreviewProps, 'loadHtml' | 'kind'> & { kind: 'pdf' | 'image' | 'text' }) {
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
          {kind === 'text' ? <LazyTextPreview blob={blob} name={name} /> : <LazyPdfPreview blob={blob} name={name} />}
        </Suspense>
      )}
    </Stack>
  );
}
