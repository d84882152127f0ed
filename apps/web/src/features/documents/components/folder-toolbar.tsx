import { Button, Group, Progress, Text } from '@mantine/core';
import type { DocumentFolder } from '@matterhorn/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { downloadFolderZip } from '../api/downloads.ts';

export type FolderToolbarProps = {
  folder: DocumentFolder | null;
  canCreate: boolean;
  /** Shown for a folder of a client or matter: sharing it shares what is in it, and what is added later. */
  canShare: boolean;
  onNewFolder: () => void;
  onToggleShare: () => void;
};

/** New folder, and a folder's zip with its progress (read from the stream against X-Content-Bytes). */
export function FolderToolbar({ folder, canCreate, canShare, onNewFolder, onToggleShare }: FolderToolbarProps) {
  const [zipProgress, setZipProgress] = useState<number | null | undefined>(undefined);
  const isZipping = zipProgress !== undefined;

  const downloadZip = async () => {
    if (!folder) return;
    setZipProgress(0);
    try {
      await downloadFolderZip(folder.id, folder.name, setZipProgress);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The folder could not be downloaded');
    } finally {
      setZipProgress(undefined);
    }
  };

  return (
    <Group gap="sm" wrap="wrap">
      {canCreate && (
        <Button size="sm" onClick={onNewFolder}>
          New folder
        </Button>
      )}
      {folder && (
        <Button size="sm" variant="default" onClick={() => void downloadZip()} loading={isZipping}>
          Download as zip
        </Button>
      )}
      {folder && canShare && folder.clientId && (
        <Button size="sm" variant="light" color={folder.isSharedWithClient ? 'gray' : 'teal'} onClick={onToggleShare}>
          {folder.isSharedWithClient ? 'Unshare folder' : 'Share folder with client'}
        </Button>
      )}
      {isZipping && (
        <Group gap="xs" miw={180}>
          <Progress
            value={Math.round((zipProgress ?? 0) * 100)}
            animated={zipProgress === null}
            aria-label={`Downloading ${folder?.name ?? 'folder'} as zip`}
            w={140}
          />
          <Text size="xs" c="dimmed" role="status">
            {zipProgress === null ? 'Downloading…' : `${Math.round(zipProgress * 100)}%`}
          </Text>
        </Group>
      )}
    </Group>
  );
}
