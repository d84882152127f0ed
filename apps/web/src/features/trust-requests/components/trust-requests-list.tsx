import { Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import {
  DEFAULT_PAGE_SIZE,
  formatMoney,
  hasPermissions,
  isoToDisplayDate,
  TRUST_REQUEST_STATUS_LABELS,
  TRUST_REQUEST_STATUSES,
  type TrustRequest,
  type TrustRequestListItem,
  type TrustRequestStatus,
} from '@matterhorn/shared';
import { useState } from 'react';
import { ListResults } from '../../../components/list-results.tsx';
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

export type TrustRequestsListProps = {
  /** The list's scope: a trust account's page, or a client's or matter's tab. */
  trustAccountId?: string;
  clientId?: string;
  matterId?: string;
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
export function TrustRequestsList({ trustAccountId, clientId, matterId }: TrustRequestsListProps) {
  const { permissions } = useSession();
  const [status, setStatus] = useState<TrustRequestStatus | ''>('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [isCreating, setIsCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = {
    page,
    size,
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
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as TrustRequestStatus | '');
            setPage(1);
          }}
          w={200}
        />
        <Group gap="xs">
          <Button variant="default" onClick={() => void downloadTrustRequestsCsv(query)}>
            {TRUST_REQUESTS_TEXT.download}
          </Button>
          {canCreate && <Button onClick={() => setIsCreating(true)}>{TRUST_REQUEST_FORM_TEXT.newTitle}</Button>}
        </Group>
      </Group>
      <ListResults
        result={result}
        page={page}
        size={size}
        noun={{ one: 'trust request', many: 'trust requests' }}
        onPageChange={setPage}
        onSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
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

/** The Trust requests tab of a trust account's page. */
export function TrustRequestsTab({ trustAccountId }: { trustAccountId: string }) {
  return <TrustRequestsList trustAccountId={trustAccountId} />;
}

/** A client's trust requests (for the client view's Trust tab). */
export function ClientTrustRequestsPanel({ clientId }: { clientId: string }) {
  return <TrustRequestsList clientId={clientId} />;
}

/** A matter's trust requests (for the matter view's Trust tab): new requests are for this matter. */
export function MatterTrustRequestsPanel({ clientId, matterId }: { clientId: string; matterId: string }) {
  return <TrustRequestsList clientId={clientId} matterId={matterId} />;
}
