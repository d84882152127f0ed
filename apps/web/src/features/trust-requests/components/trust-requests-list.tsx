import { Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import {
  formatMoney,
  hasPermissions,
  isoToDisplayDate,
  TRUST_REQUEST_STATUS_LABELS,
  TRUST_REQUEST_STATUSES,
  type TrustRequest,
  type TrustRequestListItem,
} from '@matterhorn/shared';
import { useState } from 'react';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { oneOfOrUndefined, type ListDefinition } from '../../../components/list-kit/list-params.ts';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { downloadTrustRequestsCsv, useTrustRequestPage } from '../api/trust-requests-api.ts';
import { TRUST_REQUEST_FORM_TEXT, TrustRequestFormModal } from './trust-request-form-modal.tsx';
import { TrustRequestStatusBadge } from './trust-request-status-badge.tsx';
import { TrustRequestViewModal } from './trust-request-view-modal.tsx';

export const TRUST_REQUESTS_TEXT = {
  heading: 'Trust requests',
  allStatuses: 'All statuses',
  download: 'Download CSV',
  empty: 'No trust requests yet.',
} as const;

const STATUS_OPTIONS = [
  { value: '', label: TRUST_REQUESTS_TEXT.allStatuses },
  ...TRUST_REQUEST_STATUSES.map((status) => ({ value: status, label: TRUST_REQUEST_STATUS_LABELS[status] })),
];

/** The list's status filter, page and size; newest first (the server's one order). */
export const TRUST_REQUEST_LIST = {
  filters: { status: 'status' },
  sortColumns: [],
  defaultSort: { column: 'createdAt', type: 'desc' },
} as const satisfies ListDefinition<'status', 'createdAt'>;

export type TrustRequestsListProps = {
  /** The list's scope: a trust account's page, or a client's or matter's tab. */
  trustAccountId?: string;
  clientId?: string;
  matterId?: string;
  /** The filter and page in the page's URL (the trust account's tab); not inside a client's or matter's tab, whose URL is the record's. */
  inUrl?: boolean;
};

function RequestsTable({ rows, onOpen }: { rows: TrustRequestListItem[]; onOpen: (id: string) => void }) {
  if (rows.length === 0) return <Text c="dimmed">{TRUST_REQUESTS_TEXT.empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-label={TRUST_REQUESTS_TEXT.heading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Request</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Matter</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Paid</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" px={0} onClick={() => onOpen(row.id)} aria-label={`Open ${row.requestNumber}`}>
                  {row.requestNumber}
                </Button>
              </Table.Td>
              <Table.Td>{row.clientName}</Table.Td>
              <Table.Td>{row.matterNumber ?? row.matterName ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.amount, row.currencySymbol)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.paidAmount, row.currencySymbol)}</Table.Td>
              <Table.Td>{isoToDisplayDate(row.dueDate) || row.dueDate}</Table.Td>
              <Table.Td>
                <TrustRequestStatusBadge request={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Trust requests with a status filter, CSV, "New trust request" and each request's view. */
export function TrustRequestsList({ trustAccountId, clientId, matterId, inUrl = false }: TrustRequestsListProps) {
  const { permissions } = useSession();
  const list = useListParams(TRUST_REQUEST_LIST, { inUrl });
  const [isCreating, setIsCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const status = oneOfOrUndefined(TRUST_REQUEST_STATUSES, list.filters.status);
  const query = {
    page: list.page,
    size: list.size,
    ...(status ? { Status: status } : {}),
    ...(trustAccountId ? { TrustAccountId: trustAccountId } : {}),
    ...(clientId ? { ClientId: clientId } : {}),
    ...(matterId ? { MatterId: matterId } : {}),
  };
  const result = useTrustRequestPage(query);
  const canCreate = hasPermissions(permissions, ['trustAccountRequest.create']);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(event) => list.setFilters({ status: event.currentTarget.value })}
          w={200}
        />
        <Group gap="xs">
          <CsvDownloadButton label={TRUST_REQUESTS_TEXT.download} download={() => downloadTrustRequestsCsv(query)} />
          {canCreate && <Button onClick={() => setIsCreating(true)}>{TRUST_REQUEST_FORM_TEXT.newTitle}</Button>}
        </Group>
      </Group>
      <ListResults
        result={result}
        page={list.page}
        size={list.size}
        noun={{ one: 'trust request', many: 'trust requests' }}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(rows) => <RequestsTable rows={rows} onOpen={setOpenId} />}
      </ListResults>
      <TrustRequestFormModal
        opened={isCreating}
        onClose={() => setIsCreating(false)}
        request={null}
        trustAccountId={trustAccountId}
        clientId={clientId}
        matterId={matterId}
        onSaved={(saved: TrustRequest) => {
          setIsCreating(false);
          setOpenId(saved.id);
        }}
      />
      <TrustRequestViewModal requestId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

/** The Trust requests tab of a trust account's page: its filter and page in the URL, like the page's other tabs. */
export function TrustRequestsTab({ trustAccountId }: { trustAccountId: string }) {
  return <TrustRequestsList trustAccountId={trustAccountId} inUrl />;
}

/** A client's trust requests (for the client view's Trust tab). */
export function ClientTrustRequestsPanel({ clientId }: { clientId: string }) {
  return <TrustRequestsList clientId={clientId} />;
}

/** A matter's trust requests (for the matter view's Trust tab): new requests are for this matter. */
export function MatterTrustRequestsPanel({ clientId, matterId }: { clientId: string; matterId: string }) {
  return <TrustRequestsList clientId={clientId} matterId={matterId} />;
}
