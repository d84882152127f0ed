import { Anchor, Breadcrumbs, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { folderQuery } from '../api/folders.ts';

export type MoveTarget = { itemType: 'document' | 'folder'; id: string; name: string };

export type MoveModalProps = {
  item: MoveTarget | null;
  onClose: () => void;
  onMove: (item: MoveTarget, toFolderId: string) => Promise<void>;
};

/** Choose the destination by walking the tree a level at a time, from the top or the item's own folder. */
export function MoveModal({ item, onClose, onMove }: MoveModalProps) {
  return (
    <AppModal opened={item !== null} onClose={onClose} title={item ? `Move ${item.name}` : 'Move'}>
      {item && <FolderPicker item={item} onClose={onClose} onMove={onMove} />}
    </AppModal>
  );
}

function FolderPicker({ item, onClose, onMove }: { item: MoveTarget; onClose: () => void; onMove: MoveModalProps['onMove'] }) {
  const [folderId, setFolderId] = useState<string | null>(null);
  const [isMoving, setIsMoving] = useState(false);
  const level = useQuery(folderQuery(folderId ? { FolderId: folderId, page: 1, size: 1 } : { page: 1, size: 1 }));
  const contents = level.data;
  const choices = (contents?.subfolders ?? []).filter((folder) => !(item.itemType === 'folder' && folder.id === item.id));

  const move = async () => {
    if (!folderId) return;
    setIsMoving(true);
    try {
      await onMove(item, folderId);
      onClose();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setIsMoving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Breadcrumbs separator="›" aria-label="Destination folder path">
        <Anchor component="button" type="button" size="sm" onClick={() => setFolderId(null)}>
          Documents
        </Anchor>
        {(contents?.path ?? []).map((step) => (
          <Anchor key={step.id} component="button" type="button" size="sm" onClick={() => setFolderId(step.id)}>
            {step.name}
          </Anchor>
        ))}
      </Breadcrumbs>
      {level.isPending ? (
        <LoadingSpinner />
      ) : choices.length === 0 ? (
        <Text size="sm" c="dimmed">
          No subfolders here.
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          aria-label="Subfolders"
          mah={280}
          style={{ overflowY: 'auto', listStyle: 'none', margin: 0, padding: 0 }}
        >
          {choices.map((folder) => (
            <li key={folder.id}>
              <NavLink
                component="button"
                type="button"
                label={folder.name}
                onClick={() => setFolderId(folder.id)}
                aria-label={`Open ${folder.name}`}
              />
            </li>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={isMoving}>
          Cancel
        </Button>
        <SubmitButton type="button" isSubmitting={isMoving} disabled={!folderId} onClick={() => void move()}>
          {contents?.folder ? `Move into ${contents.folder.name}` : 'Choose a folder'}
        </SubmitButton>
      </Group>
    </Stack>
  );
}
