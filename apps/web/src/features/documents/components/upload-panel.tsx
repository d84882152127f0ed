import { useState, type DragEvent } from 'react';
import { Alert, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { documentSettingsQuery } from '../api/sharing.ts';
import { useUploads } from '../hooks/use-uploads.ts';
import { UploadProgressList } from './upload-progress-list.tsx';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Drop many files (or choose them with the button, the keyboard's way): one request per file, each
 * with its own progress. The server checks size and type by content; the limit is shown up front.
 */
export function UploadPanel({ folderId }: { folderId: string }) {
  const settings = useQuery(documentSettingsQuery);
  const { items, upload, uploadAsNewVersion, clearFinished } = useUploads(folderId);
  const limit = settings.data ? formatFileSize(settings.data.maxUploadBytes) : null;
  // The browser's own drag and drop: a drop target needs no library (Mantine's Dropzone added 7 KB
  // to every folder page, which the page budget could not take).
  const [isDraggedOver, setDraggedOver] = useState(false);
  return (
    <Stack gap="xs">
      <Paper
        withBorder
        role="group"
        aria-label="Drop files here to upload"
        data-testid="document-dropzone"
        data-dragged-over={isDraggedOver || undefined}
        p="md"
        style={{
          borderStyle: 'dashed',
          borderColor: isDraggedOver ? 'var(--mantine-color-blue-6)' : undefined,
          background: isDraggedOver ? 'var(--mantine-color-blue-light)' : undefined,
        }}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDraggedOver(true);
        }}
        onDragLeave={() => setDraggedOver(false)}
        onDrop={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDraggedOver(false);
          const files = [...event.dataTransfer.files];
          if (files.length > 0) upload(files);
        }}
      >
        <Stack gap={4} align="center" style={{ pointerEvents: 'none' }}>
          <Text size="sm" fw={500}>
            Drag files here to upload them into this folder
          </Text>
          {limit && (
            <Text size="xs" c="dimmed">
              Up to {limit} per file
            </Text>
          )}
        </Stack>
      </Paper>
      <Group gap="sm">
        <FileButton onChange={(files) => upload(files)} multiple>
          {(props) => (
            <Button {...props} variant="default" size="sm">
              Upload files
            </Button>
          )}
        </FileButton>
        {settings.data && !settings.data.isScanningEnabled && (
          <Alert color="yellow" variant="light" p={6} title={null}>
            <Text size="xs">Scanning is off: files are not checked for viruses.</Text>
          </Alert>
        )}
      </Group>
      <UploadProgressList items={items} onUploadAsNewVersion={uploadAsNewVersion} onClear={clearFinished} />
    </Stack>
  );
}
