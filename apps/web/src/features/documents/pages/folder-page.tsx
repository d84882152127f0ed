import { Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { FolderView } from '../components/folder-view.tsx';

/** /documents/folder/:folderId: one folder, its breadcrumbs leading back up. */
export function FolderPage() {
  const { folderId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <FolderView
        key={folderId}
        titleOrder={1}
        inUrl
        target={{ folderId }}
        onOpenFolder={(id) => void navigate(id ? `/documents/folder/${id}` : '/documents')}
      />
    </Stack>
  );
}
