import { Badge, Button, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import type { ConflictCheckRecord } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useConflictChecks } from '../api/get-conflict-checks.ts';
import { ConflictMatchesTable } from '../../../components/conflict-matches-table.tsx';
import { CONTEXT_LABELS, DECISION_LABELS, displayDateTime } from './decision-labels.ts';
import { DecisionForm } from './decision-form.tsx';
import { ActionsHeader } from '../../../components/row-actions.tsx';

const HISTORY_PAGE_SIZE = 10;

function DecisionBadge({ record }: { record: ConflictCheckRecord }) {
  if (!record.decision)
    return (
      <Badge color="yellow" variant="light">
        Pending
      </Badge>
    );
  const color = record.decision === 'no_conflict' ? 'green' : record.decision === 'declined' ? 'gray' : 'orange';
  return (
    <Badge color={color} variant="light">
      {DECISION_LABELS[record.decision]}
    </Badge>
  );
}

/** Every check of the firm: who ran it, when, what was searched and found, and what was decided. */
export function ConflictHistory({ onChanged }: { onChanged: () => void }) {
  const [page, setPage] = useState(1);
  const history = useConflictChecks(page, HISTORY_PAGE_SIZE);
  const [openId, setOpenId] = useState<string | null>(null);
  const records = history.data?.data ?? [];
  const open = records.find((record) => record.id === openId) ?? null;
  const totalCount = history.data?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / HISTORY_PAGE_SIZE));

  return (
    <Card withBorder component="section" aria-label="Conflict check history">
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      {history.isPending ? (
        <LoadingSpinner label="Loading conflict checks" />
      ) : records.length === 0 ? (
        <Text size="sm" c="dimmed">
          No conflict checks yet.
        </Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Conflict checks" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Searched by</Table.Th>
                  <Table.Th>For</Table.Th>
                  <Table.Th>Names searched</Table.Th>
                  <Table.Th>Found</Table.Th>
                  <Table.Th>Decision</Table.Th>
                  <ActionsHeader />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((record) => (
                  <Table.Tr key={record.id}>
                    <Table.Td>{displayDateTime(record.createdAt)}</Table.Td>
                    <Table.Td>{record.searchedBy}</Table.Td>
                    <Table.Td>{CONTEXT_LABELS[record.context] ?? record.context}</Table.Td>
                    <Table.Td>{record.searchedNames.join(', ')}</Table.Td>
                    <Table.Td>
                      {record.matchCount === 0 ? 'No matches' : `${record.matchCount} ${record.matchCount === 1 ? 'match' : 'matches'}`}
                    </Table.Td>
                    <Table.Td>
                      <DecisionBadge record={record} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setOpenId(record.id)}
                        aria-label={`View check of ${record.searchedNames.join(', ')}`}
                      >
                        View
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {totalCount.toLocaleString('en-US')} {totalCount === 1 ? 'check' : 'checks'}
            </Text>
            {pageCount > 1 && (
              <Pagination
                total={pageCount}
                value={Math.min(page, pageCount)}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            )}
          </Group>
        </Stack>
      )}
      <AppModal opened={open !== null} onClose={() => setOpenId(null)} title="Conflict check" size="xl">
        {open && (
          <Stack gap="md">
            <Text size="sm">
              {displayDateTime(open.createdAt)} by {open.searchedBy}: {open.searchedNames.join(', ')}
            </Text>
            {open.matches.length > 0 ? <ConflictMatchesTable matches={open.matches} /> : <Text size="sm">No matches were found.</Text>}
            {open.decision ? (
              <Text size="sm">
                Decision: <DecisionBadge record={open} />
                {open.decisionNotes ? ` — ${open.decisionNotes}` : ''}
              </Text>
            ) : (
              <DecisionForm
                conflictCheckId={open.id}
                hasMatches={open.matches.length > 0}
                onRecorded={() => {
                  setOpenId(null);
                  onChanged();
                }}
              />
            )}
          </Stack>
        )}
      </AppModal>
    </Card>
  );
}
