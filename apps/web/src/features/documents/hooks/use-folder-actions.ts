import type { DocumentFolder, DocumentListItem } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteDocument } from '../api/documents.ts';
import { documentKeys } from '../api/document-keys.ts';
import { deleteFolder, moveItem, renameFolder } from '../api/folders.ts';
import { shareItem, unshareItem } from '../api/sharing.ts';
import type { ItemAction } from '../components/item-actions-menu.tsx';
import type { MoveTarget } from '../components/move-modal.tsx';

/** Folders the app names and places itself (client, matter, From client, Templates) stay where they are. */
export const isFreeFolder = (folder: Pick<DocumentFolder, 'kind'>) => folder.kind === 'folder' || folder.kind === 'firm';

export type Pending =
  | { kind: 'rename'; folder: DocumentFolder }
  | { kind: 'delete-folder'; folder: DocumentFolder }
  | { kind: 'delete-document'; document: DocumentListItem }
  | null;

/** The row actions of a folder's subfolders and documents, and the modals they open. */
export function useFolderActions(permissions: { canEdit: boolean; canDelete: boolean }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [moving, setMoving] = useState<MoveTarget | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all() });
  const after = (action: () => Promise<void>) => async () => {
    await action();
    await refresh();
  };

  const toggleShare = (id: string, itemType: 'document' | 'folder', isShared: boolean) =>
    void after(() => (isShared ? unshareItem(id, itemType) : shareItem(id, itemType)))().catch(() => {});
  const sharing = (id: string, itemType: 'document' | 'folder', isShared: boolean): ItemAction => ({
    label: isShared ? 'Unshare' : 'Share with client',
    onClick: () => toggleShare(id, itemType, isShared),
  });

  const folderActions = (folder: DocumentFolder): ItemAction[] => [
    ...(permissions.canEdit && isFreeFolder(folder)
      ? [
          { label: 'Rename', onClick: () => setPending({ kind: 'rename', folder }) },
          { label: 'Move', onClick: () => setMoving({ itemType: 'folder', id: folder.id, name: folder.name }) },
        ]
      : []),
    ...(permissions.canEdit && folder.clientId ? [sharing(folder.id, 'folder', folder.isSharedWithClient)] : []),
    ...(permissions.canDelete && isFreeFolder(folder)
      ? [{ label: 'Delete', isDestructive: true, onClick: () => setPending({ kind: 'delete-folder', folder }) }]
      : []),
  ];

  const documentActions = (document: DocumentListItem): ItemAction[] => [
    ...(permissions.canEdit
      ? [{ label: 'Move', onClick: () => setMoving({ itemType: 'document', id: document.id, name: document.name }) }]
      : []),
    ...(permissions.canEdit && document.clientId ? [sharing(document.id, 'document', document.isSharedWithClient)] : []),
    ...(permissions.canDelete
      ? [{ label: 'Delete', isDestructive: true, onClick: () => setPending({ kind: 'delete-document', document }) }]
      : []),
  ];

  return {
    pending,
    moving,
    closePending: () => setPending(null),
    closeMoving: () => setMoving(null),
    folderActions,
    documentActions,
    rename: (folder: DocumentFolder, name: string) => after(() => renameFolder(folder.id, name))(),
    removeFolder: (folder: DocumentFolder) => after(() => deleteFolder(folder.id))(),
    removeDocument: (document: DocumentListItem) => after(() => deleteDocument(document.id))(),
    move: (item: MoveTarget, toFolderId: string) => after(() => moveItem({ itemType: item.itemType, id: item.id, toFolderId }))(),
    toggleShare,
    refresh,
  };
}
