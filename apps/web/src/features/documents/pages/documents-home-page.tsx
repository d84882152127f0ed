import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CLIENT_LIST_MAX_HEIGHT } from '../../../components/client-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { clientFoldersQuery } from '../api/folders.ts';
import { clientFolderOptions } from '../utils/client-folder-options.ts';
import { FolderView } from '../components/folder-view.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/** People under 'Individual', companies under 'Company', as every client dropdown groups them; each opens its folder. */
/**
 * /documents: the firm's top level (its own folders and Templates), and a way into any client's folder.
 * The picker lists the client folders themselves (get-client-folders), under the documents permission:
 * the clients list's lookup needs the clients permission, which a member who files documents may not
 * hold, and leaves out archived clients, whose papers are still kept.
 */
export function DocumentsHomePage() {
  const navigate = useNavigate();
  const clientFolders = useQuery(clientFoldersQuery);
  const [folderId, setFolderId] = useState('');

  return (
    <Stack gap="md">
      <PageTitle parts={['Documents']} />
      <Title order={1} size="h2">
        Documents
      </Title>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="client-folders-title">
        <Title order={2} size="h4" id="client-folders-title" mb="xs">
          Client folders
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          Every client has a folder, with a folder for each of their matters inside it.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          {/* A Group sizes its children to their content: the select would shrink to its arrow. */}
          <Box w={{ base: '100%', sm: 360 }}>
            <SearchableSelect
              label="Client"
              entity="client"
              options={clientFolderOptions(clientFolders.data ?? [], 'folderId')}
              maxListHeight={CLIENT_LIST_MAX_HEIGHT}
              value={folderId}
              onChange={setFolderId}
              error={clientFolders.isError ? 'The clients could not be loaded: reload the page to try again' : undefined}
            />
          </Box>
          <Button onClick={() => void navigate(`/documents/folder/${folderId}`)} disabled={!folderId}>
            Open client folder
          </Button>
        </Group>
      </Paper>
      <FolderView target={{}} inUrl onOpenFolder={(id) => void navigate(id ? `/documents/folder/${id}` : '/documents')} />
    </Stack>
  );
}
