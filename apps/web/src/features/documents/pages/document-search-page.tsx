import { Anchor, Button, Group, Pagination, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatFileSize } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { documentSearchQuery, SEARCH_PAGE_SIZE } from '../api/search.ts';
import { DocumentStatusBadges } from '../components/document-status-badges.tsx';
import { SearchSnippet } from '../components/search-snippet.tsx';
import { displayDate, documentTypeName } from '../utils/document-display.ts';

const MIN_SEARCH_LENGTH = 2;

/** /documents/search: names, tags, descriptions and the words inside files; the query lives in the address. */
export function DocumentSearchPage() {
  const [params, setParams] = useSearchParams();
  const text = params.get('q') ?? '';
  const clientId = params.get('clientId') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState(text);
  const [draftClientId, setDraftClientId] = useState(clientId);
  const [error, setError] = useState<string | null>(null);
  const clients = useQuery(associatedClientsQuery);
  const results = useQuery(documentSearchQuery(text, clientId, page));

  const search = () => {
    if (draft.trim().length < MIN_SEARCH_LENGTH) return setError('Type at least 2 characters to search');
    setError(null);
    const next = new URLSearchParams({ q: draft.trim() });
    if (draftClientId) next.set('clientId', draftClientId);
    setParams(next);
  };
  const pageCount = results.data ? Math.max(1, Math.ceil(results.data.totalCount / SEARCH_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
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
          <ClientSelect
            label="Client (optional)"
            people={clients.data?.people ?? []}
            companies={clients.data?.companies ?? []}
            showEveryone
            value={draftClientId}
            onChange={setDraftClientId}
          />
          <Button type="submit" mt={{ base: 0, sm: 44 }}>
            Search
          </Button>
        </Group>
      </form>
      {text.length >= MIN_SEARCH_LENGTH && results.isPending && <LoadingSpinner />}
      {results.data && (
        <Stack gap="sm" component="section" aria-label="Search results">
          <Text size="sm" c="dimmed" role="status">
            {results.data.totalCount === 1 ? '1 document found' : `${results.data.totalCount} documents found`}
          </Text>
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {results.data.data.map((hit) => (
              <Paper key={hit.id} component="li" withBorder p="sm" radius="md" data-testid="search-hit">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Anchor component={Link} to={`/documents/document/${hit.id}`} fw={600}>
                    {hit.name}
                  </Anchor>
                  <DocumentStatusBadges document={hit} />
                </Group>
                <Text size="xs" c="dimmed">
                  {hit.folderPath} · {documentTypeName(hit.contentType)} · {formatFileSize(hit.sizeBytes)} · {displayDate(hit.updatedAt)}
                </Text>
                {hit.snippet && <SearchSnippet snippet={hit.snippet} />}
              </Paper>
            ))}
          </Stack>
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={page}
              onChange={(next) => {
                const updated = new URLSearchParams(params);
                updated.set('page', String(next));
                setParams(updated);
              }}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
