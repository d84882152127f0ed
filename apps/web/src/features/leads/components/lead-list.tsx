import { Anchor, Badge, Table } from '@mantine/core';
import { isoToDisplayDate, LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, type LeadSummary } from '@matterhorn/shared';
import { Link } from 'react-router';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { ActionsHeader, RowActions } from '../../../components/row-actions.tsx';
import { STATUS_COLORS } from '../utils/lead-status-colors.ts';

export type LeadListViewProps = {
  result: { isPending: boolean; data: { data: LeadSummary[]; page: number; size: number; totalCount: number } | null | undefined };
  page: number;
  size: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  /** Asks to delete the lead; absent without clientInfo.delete. */
  onDelete?: (lead: LeadSummary) => void;
};

/** The leads that match, newest first, a page at a time. */
export function LeadListView({ result, page, size, onPageChange, onSizeChange, onDelete }: LeadListViewProps) {
  return (
    <ListResults
      result={result}
      page={page}
      size={size}
      noun={{ one: 'lead', many: 'leads' }}
      countTestId="lead-count"
      pagerLabel="Lead pages"
      onPageChange={onPageChange}
      onSizeChange={onSizeChange}
    >
      {(leads) => (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Leads" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Practice area</Table.Th>
                <Table.Th>Assignee</Table.Th>
                <Table.Th>Came in</Table.Th>
                {onDelete && <ActionsHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leads.map((lead) => (
                <Table.Tr key={lead.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/leads/${lead.id}`} fw={500}>
                      {lead.displayName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[lead.status]}>
                      {LEAD_STATUS_LABELS[lead.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{lead.intakeFormName ?? LEAD_SOURCE_LABELS[lead.source]}</Table.Td>
                  <Table.Td>{lead.practiceAreaName ?? '—'}</Table.Td>
                  <Table.Td>{lead.assigneeName ?? 'Unassigned'}</Table.Td>
                  <Table.Td>{isoToDisplayDate(lead.createdAt.slice(0, 10))}</Table.Td>
                  {onDelete && (
                    <Table.Td>
                      <RowActions name={lead.displayName} onDelete={() => onDelete(lead)} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ListResults>
  );
}
