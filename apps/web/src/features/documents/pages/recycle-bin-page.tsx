import { Button, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { restoreDocument } from '../api/documents.ts';
import { documentKeys } from '../api/document-keys.ts';
import { restoreFolder } from '../api/folders.ts';
import { recycleBinQuery } from '../api/search.ts';
import { displayDateTime } from '../utils/document-display.ts';

/** /documents/recycle-bin: deleted documents and folders, newest first, each restorable. */
export function RecycleBinPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const bin = useQuery(recycleBinQuery(page));
  const canRestore = hasPermissions(session.permissions, ['document.delete']);
  const restore = async (itemType: 'document' | 'folder', id: string) => {
    try {
      await (itemType === 'document' ? restoreDocument(id) : restoreFolder(id));
      await queryClient.invalidateQueries({ queryKey: documentKeys.all() });
    } catch {
      // The API client has shown the server's message.
    }
  };
  const pageCount = bin.data ? Math.max(1, Math.ceil(bin.data.totalCount / 20)) : 1;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Recycle bin
      </Title>
      {bin.isPending ? (
        <LoadingSpinner />
      ) : !bin.data ? (
        <Text c="dimmed">The recycle bin could not be loaded.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Recycle bin">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Was in</Table.Th>
                <Table.Th scope="col">Deleted</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bin.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" ta="center" py="md">
                      The recycle bin is empty.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {bin.data.data.map((item) => (
                <Table.Tr key={`${item.itemType}-${item.id}`}>
                  <Table.Td>
                    {item.itemType === 'folder' ? '📁 ' : ''}
                    {item.name}
                  </Table.Td>
                  <Table.Td>{item.folderPath}</Table.Td>
                  <Table.Td>
                    {displayDateTime(item.deletedAt)} by {item.deletedByName}
                  </Table.Td>
                  <Table.Td>
                    {canRestore && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => void restore(item.itemType, item.id)}
                        aria-label={`Restore ${item.name}`}
                      >
                        Restore
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pageCount > 1 && (
        <Pagination total={pageCount} value={page} onChange={setPage} getItemProps={(item) => ({ 'aria-label': `Page ${item}` })} />
      )}
    </Stack>
  );
}
