import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { hasPermissions } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ListDefinition } from '../../../components/list-kit/list-params.ts';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { restoreDocument } from '../api/documents.ts';
import { documentKeys } from '../api/document-keys.ts';
import { restoreFolder } from '../api/folders.ts';
import { recycleBinQuery } from '../api/search.ts';
import { displayDateTime } from '../utils/document-display.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/** The recycle bin has no filters and one order (newest first, the server's): only its page and size are in the URL. */
export const RECYCLE_BIN_LIST: ListDefinition<never, 'deletedAt'> = {
  filters: {},
  sortColumns: [],
  defaultSort: { column: 'deletedAt', type: 'desc' },
};

/** The firm's whole bin (clients, matters, time…), for members with the recycleBin permission. */
export const SETTINGS_RECYCLE_BIN_PATH = '/settings/recycle-bin';

/** /documents/recycle-bin: deleted documents and folders, newest first, each restorable. */
export function RecycleBinPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const list = useListParams(RECYCLE_BIN_LIST);
  const bin = useQuery(recycleBinQuery(list.page, list.size));
  const canRestore = hasPermissions(session.permissions, ['document.delete']);
  const canSeeWholeBin = hasPermissions(session.permissions, ['recycleBin']);
  const restore = async (itemType: 'document' | 'folder', id: string) => {
    try {
      await (itemType === 'document' ? restoreDocument(id) : restoreFolder(id));
      await queryClient.invalidateQueries({ queryKey: documentKeys.all() });
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Stack gap="md">
      <PageTitle parts={['Recycle bin', 'Documents']} />
      <Title order={1} size="h2">
        Recycle bin
      </Title>
      {canSeeWholeBin && (
        <Text size="sm">
          This bin holds deleted documents and folders only.{' '}
          <Anchor component={Link} to={SETTINGS_RECYCLE_BIN_PATH} fz="inherit" underline="always">
            See everything deleted in Settings › Recycle bin
          </Anchor>
        </Text>
      )}
      <ListResults
        result={bin}
        page={list.page}
        size={list.size}
        noun={{ one: 'deleted item', many: 'deleted items' }}
        pagerLabel="Recycle bin pages"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={items.length === 0 ? 0 : 640}>
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
                {items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center" py="md">
                        The recycle bin is empty.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {items.map((item) => (
                  <Table.Tr key={`${item.itemType}-${item.id}`}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {item.itemType === 'folder' && <IconFolder size={16} aria-label="Folder" />}
                        {item.name}
                      </Group>
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
      </ListResults>
    </Stack>
  );
}
