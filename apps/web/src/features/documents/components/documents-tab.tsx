import { Text } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useState } from 'react';
import { useSession } from '../../../lib/session/session-context.ts';
import { FolderView } from './folder-view.tsx';

export type DocumentsTabProps = { clientId?: string; matterId?: string };

/**
 * The matter's or client's Documents tab: their folder, browsed inside the tab (its own state), so
 * opening a subfolder keeps the user on the matter.
 */
export function DocumentsTab({ clientId, matterId }: DocumentsTabProps) {
  const session = useSession();
  const [folderId, setFolderId] = useState<string | null>(null);
  if (!hasPermissions(session.permissions, ['document'])) {
    return <Text c="dimmed">You don’t have permission to see documents.</Text>;
  }
  const target = folderId ? { folderId } : matterId ? { matterId } : { clientId };
  return <FolderView key={folderId ?? 'own'} target={target} rootLabel={null} onOpenFolder={setFolderId} />;
}
