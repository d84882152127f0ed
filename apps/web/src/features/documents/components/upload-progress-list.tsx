import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@matterhorn/shared';
import type { UploadItem } from '../hooks/use-uploads.ts';

export type UploadProgressListProps = {
  items: UploadItem[];
  onUploadAsNewVersion: (item: UploadItem) => void;
  onClear: () => void;
};

/** Each file's own bar, size and result; a name already taken offers to add the file as a new version. */
export function UploadProgressList({ items, onUploadAsNewVersion, onClear }: UploadProgressListProps) {
  if (items.length === 0) return null;
  const hasFinished = items.some((item) => item.state !== 'uploading');
  return (
    <Stack gap="xs" component="section" aria-label="Uploads">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {items.map((item) => {
          const percent = item.file.size === 0 ? 100 : Math.round((item.sentBytes / item.file.size) * 100);
          return (
            <li key={item.key} data-testid="upload-item">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} truncate="end" style={{ minWidth: 0 }}>
                  {item.file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatFileSize(item.file.size)}
                </Text>
              </Group>
              <Progress
                value={item.state === 'uploading' ? Math.min(percent, 100) : 100}
                color={item.state === 'failed' ? 'red' : item.state === 'done' ? 'green' : 'blue'}
                aria-label={`Uploading ${item.file.name}`}
                animated={item.state === 'uploading'}
                size="sm"
                mt={4}
              />
              <Group gap="xs" mt={2} role="status">
                <Text size="xs" c={item.state === 'failed' ? 'red' : 'dimmed'}>
                  {item.state === 'uploading' ? `${Math.min(percent, 100)}%` : item.message}
                </Text>
                {item.state === 'failed' && item.existingDocumentId && (
                  <Button size="compact-xs" variant="light" onClick={() => onUploadAsNewVersion(item)}>
                    Upload as a new version
                  </Button>
                )}
              </Group>
            </li>
          );
        })}
      </ul>
      {hasFinished && (
        <Group>
          <Button size="compact-sm" variant="subtle" onClick={onClear}>
            Clear finished uploads
          </Button>
        </Group>
      )}
    </Stack>
  );
}
