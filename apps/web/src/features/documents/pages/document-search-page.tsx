import { Anchor, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatFileSize } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CLIENT_LIST_MAX_HEIGHT, EVERYONE_LABEL, EVERYONE_VALUE } from '../../../components/client-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { uuidOrUndefined, type ListDefinition } from '../../../components/list-kit/list-params.ts';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { clientFoldersQuery } from '../api/folders.ts';
import { documentSearchQuery } from '../api/search.ts';
import { DocumentStatusBadges } from '../components/document-status-badges.tsx';
import { DocumentTypeIcon } from '../components/document-type-icon.tsx';
import { SearchSnippet } from '../components/search-snippet.tsx';
import { clientFolderOptions } from '../utils/client-folder-options.ts';
import { displayDate, documentTypeName } from '../utils/document-display.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const MIN_SEARCH_LENGTH = 2;

/** The words (q) and the client (clientId) in the URL, with the page and size; hits come in the server's order of relevance. */
export const DOCUMENT_SEARCH_LIST: ListDefinition<'text' | 'clientId', 'relevance'> = {
  filters: { text: 'q', clientId: 'clientId' },
  sortColumns: [],
  defaultSort: { column: 'relevance', type: 'desc' },
};

/** /documents/search: names, tags, descriptions and the words inside files; the query lives in the address. */
export function DocumentSearchPage() {
  const list = useListParams(DOCUMENT_SEARCH_LIST);
  const text = list.filters.text.trim();
  const clientId = uuidOrUndefined(list.filters.clientId) ?? '';
  const [draft, setDraft] = useState(text);
  const [draftClientId, setDraftClientId] = useState(clientId);
  const [error, setError] = useState<string | null>(null);
  // The clients from their folders: a member who files documents may not hold the clients permission.
  const clientFolders = useQuery(clientFoldersQuery);
  const results = useQuery(documentSearchQuery(text, clientId, list.page, list.size));

  const search = () => {
    if (draft.trim().length < MIN_SEARCH_LENGTH) return setError('Type at least 2 characters to search');
    setError(null);
    list.setFilters({ text: draft.trim(), clientId: draftClientId });
  };

  return (
    <Stack gap="md">
      <PageTitle parts={['Search documents', 'Documents']} />
      <Title order={1} size="h2">
        Search documents
      </Title>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Words to find"
            description="In names, tags, descriptions and the text inside files"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            error={error}
            w={{ base: '100%', sm: 360 }}
          />
          <Box w={{ base: '100%', sm: 280 }}>
            <SearchableSelect
              label="Client (optional)"
              entity="client"
              options={[{ value: EVERYONE_VALUE, label: EVERYONE_LABEL }, ...clientFolderOptions(clientFolders.data ?? [], 'clientId')]}
              maxListHeight={CLIENT_LIST_MAX_HEIGHT}
              value={draftClientId}
              onChange={setDraftClientId}
            />
          </Box>
          <Button type="submit" mt={{ base: 0, sm: 44 }}>
            Search
          </Button>
        </Group>
      </form>
      {text.length >= MIN_SEARCH_LENGTH && (
        <Stack gap="sm" component="section" aria-label="Search results">
          <ListResults
            result={results}
            page={list.page}
            size={list.size}
            noun={{ one: 'document', many: 'documents' }}
            pagerLabel="Search result pages"
            onPageChange={list.setPage}
            onSizeChange={list.setSize}
          >
            {(hits) => (
              <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {hits.map((hit) => (
                  <Paper key={hit.id} component="li" withBorder p="sm" radius="md" data-testid="search-hit">
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Group gap={6} wrap="nowrap">
                        <DocumentTypeIcon contentType={hit.contentType} />
                        <Anchor component={Link} to={`/documents/document/${hit.id}`} fw={600}>
                          {hit.name}
                        </Anchor>
                      </Group>
                      <DocumentStatusBadges document={hit} />
                    </Group>
                    <Text size="xs" c="dimmed">
                      {hit.folderPath} · {documentTypeName(hit.contentType)} · {formatFileSize(hit.sizeBytes)} ·{' '}
                      {displayDate(hit.updatedAt)}
                    </Text>
                    {hit.snippet && <SearchSnippet snippet={hit.snippet} />}
                  </Paper>
                ))}
              </Stack>
            )}
          </ListResults>
        </Stack>
      )}
    </Stack>
  );
}
