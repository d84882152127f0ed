import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { getFolder } from '../api/folders.ts';
import { FolderView } from '../components/folder-view.tsx';

/** /documents: the firm's top level (its own folders and Templates), and a way into any client's folder. */
export function DocumentsHomePage() {
  const navigate = useNavigate();
  const clients = useQuery(associatedClientsQuery);
  const [clientId, setClientId] = useState('');
  const [isOpening, setIsOpening] = useState(false);

  const openClientFolder = async () => {
    if (!clientId) return;
    setIsOpening(true);
    try {
      const contents = await getFolder({ ClientId: clientId, page: 1, size: 1 });
      if (contents.folder) void navigate(`/documents/folder/${contents.folder.id}`);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setIsOpening(false);
    }
  };

  return (
    <Stack gap="md">
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
            <ClientSelect
              label="Client"
              people={clients.data?.people ?? []}
              companies={clients.data?.companies ?? []}
              value={clientId}
              onChange={setClientId}
            />
          </Box>
          <Button onClick={() => void openClientFolder()} disabled={!clientId} loading={isOpening}>
            Open client folder
          </Button>
        </Group>
      </Paper>
      <FolderView target={{}} inUrl onOpenFolder={(id) => void navigate(id ? `/documents/folder/${id}` : '/documents')} />
    </Stack>
  );
}
