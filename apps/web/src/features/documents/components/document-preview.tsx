import { Button, Paper, Text } from '@mantine/core';
import type { DocumentView } from '@matterhorn/shared';
import { useState } from 'react';
import { FilePreview, previewKindOf } from '../../../components/file-preview/file-preview.tsx';
import { fetchDocumentBlob } from '../api/downloads.ts';
import { fetchWordPreviewHtml } from '../api/previews.ts';

/** The newest version in the page: PDFs through PDF.js, images as they are, text as text, Word as the server renders it; anything else downloads. */
export function DocumentPreview({ document }: { document: DocumentView }) {
  const [isOpen, setIsOpen] = useState(false);
  const kind = previewKindOf(document.contentType, { canShowWord: true });
  if (document.scanStatus !== 'available') return null;
  if (kind === 'none') {
    return (
      <Text size="sm" c="dimmed">
        No preview for this type: download it.
      </Text>
    );
  }
  const version = document.currentVersionNumber;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Preview">
      {isOpen ? (
        <FilePreview
          load={() => fetchDocumentBlob(document.id, version)}
          loadHtml={() => fetchWordPreviewHtml(document.id, version)}
          fileKey={`${document.id}@${version}`}
          name={document.name}
          kind={kind}
        />
      ) : (
        <Button variant="default" size="sm" onClick={() => setIsOpen(true)}>
          Preview
        </Button>
      )}
    </Paper>
  );
}
