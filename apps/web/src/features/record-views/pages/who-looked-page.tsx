import { Anchor, Box, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RECORD_VIEW_TYPES, RECORD_VIEW_TYPE_LABELS, type RecordViewType } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { ListPager } from '../../../components/list-kit/list-pager.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { recordViewsQuery } from '../api/record-views.ts';
import { RecordViewsTable } from '../components/record-views-table.tsx';

const FILTERS = ['ClientId', 'UserId', 'RecordType', 'From', 'To'] as const;
const DEFAULT_PAGE_SIZE = 20;

/**
 * /reports/audit-trail/who-looked — beside the audit trail (NDPA 2023, ADR 92): who viewed a
 * client's matters, documents and trust ledger, a page at a time. Its filters live in the address,
 * so the client's page links straight to its own.
 */
export function WhoLookedPage() {
  const [params, setParams] = useSearchParams();
  const value = (name: string) => params.get(name) ?? '';
  const clientId = value('ClientId');
  const page = Number(value('PageNumber')) || 1;
  const size = Number(value('PageSize')) || DEFAULT_PAGE_SIZE;
  const clients = useQuery(associatedClientsQuery);
  const team = useQuery(teamMembersQuery);
  const query = {
    ...Object.fromEntries(FILTERS.map((name) => [name, value(name)]).filter(([, chosen]) => chosen)),
    ClientId: clientId,
    PageNumber: page,
    PageSize: size,
  };
  // A backwards range is flagged on its field; the API would only refuse it.
  const isBackwards = value('From') !== '' && value('To') !== '' && value('From') > value('To');
  const views = useQuery({ ...recordViewsQuery(query), enabled: clientId !== '' && !isBackwards });
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, chosen] of Object.entries(changes)) {
      if (chosen) next.set(name, chosen);
      else next.delete(name);
    }
    if (!('PageNumber' in changes)) next.delete('PageNumber');
    setParams(next, { replace: true });
  };
  const answer = views.data;

  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={['Who looked', 'Audit trail', 'Reports']} />
      <Stack gap={2}>
        <Anchor component={Link} to="/reports/audit-trail" size="sm">
          Audit trail
        </Anchor>
        <Title order={1}>Who looked</Title>
      </Stack>
      <Text c="dimmed">
        Each time a team member opened a client’s matter, a document or a list of its documents, or its trust ledger. Opening the same
        record again within a minute counts once.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <ClientSelect
          label="Client"
          people={clients.data?.people ?? []}
          companies={clients.data?.companies ?? []}
          value={clientId}
          onChange={(ClientId) => update({ ClientId })}
        />
        <SearchableSelect
          label="Team member"
          entity="team member"
          options={[{ value: '', label: 'Anyone' }, ...(team.data ?? []).map((member) => ({ value: member.id, label: member.name }))]}
          value={value('UserId')}
          onChange={(UserId) => update({ UserId })}
        />
        <SearchableSelect
          label="What"
          entity="kind of record"
          options={[
            { value: '', label: 'Every kind' },
            ...RECORD_VIEW_TYPES.map((type: RecordViewType) => ({ value: type, label: RECORD_VIEW_TYPE_LABELS[type] })),
          ]}
          value={value('RecordType')}
          onChange={(RecordType) => update({ RecordType })}
        />
        <DateRangeFields
          from={value('From')}
          to={value('To')}
          onChange={({ from, to }) => update({ ...(from !== undefined ? { From: from } : {}), ...(to !== undefined ? { To: to } : {}) })}
        />
      </SimpleGrid>
      {!clientId ? (
        <Text>Choose a client to see who looked at its records.</Text>
      ) : isBackwards ? null : views.isPending ? (
        <LoadingSpinner />
      ) : !answer ? (
        <Text role="alert">Who looked could not be loaded.</Text>
      ) : (
        <Box aria-busy={views.isFetching}>
          <RecordViewsTable views={answer.data} clientName={answer.clientName} timeZone={answer.timeZone} />
          {answer.totalCount > answer.size && (
            <ListPager
              label="Who looked pages"
              page={answer.page}
              pageCount={Math.max(1, Math.ceil(answer.totalCount / answer.size))}
              size={answer.size}
              onPageChange={(next) => update({ PageNumber: String(next) })}
              onSizeChange={(next) => update({ PageSize: String(next) })}
            />
          )}
        </Box>
      )}
    </Stack>
  );
}
