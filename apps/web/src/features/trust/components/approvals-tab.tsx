import { Anchor, Button, Group, Pagination, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatMoney, type TrustAccount, type TrustMovementRequest } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { listPagingOf } from '../../../lib/list-paging.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { approveMovement, pendingMovementsQuery, refusalOf, rejectMovement, trustKeys } from '../api/trust-api.ts';
import { displayDate, matterText } from '../utils/trust-display.ts';
import { ReasonModal } from './reason-modal.tsx';

const PAGE_SIZE = 20;
const KIND_LABELS: Record<TrustMovementRequest['kind'], string> = {
  disbursement: 'Disbursement',
  refund: 'Refund',
  'invoice-payment': 'Invoice payment',
};

export const WAITING_FOR_ANOTHER = 'Waiting for another approver';

/** Movements above the firm's threshold, waiting for a second person (the requester cannot approve their own). */
export function ApprovalsTab({ account, canApprove }: { account: TrustAccount; canApprove: boolean }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const me = session.workingUser?.profileId ?? session.profile?.id ?? '';
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<TrustMovementRequest | null>(null);
  const list = useQuery(pendingMovementsQuery({ Status: 'AwaitingApproval', TrustAccountId: account.id, page, size: PAGE_SIZE }));
  const rows = list.data?.data ?? [];
  const { pageCount, totalLabel } = listPagingOf(list.data, page, PAGE_SIZE);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trustKeys.all });

  const approve = async (request: TrustMovementRequest) => {
    if (busyId) return;
    setBusyId(request.id);
    try {
      await approveMovement(request.id);
      await refresh();
    } catch (error) {
      toast.error(refusalOf(error));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <Text size="sm" aria-live="polite" mb="xs">
        {list.data?.totalCount === 1 ? '1 movement awaiting approval' : `${totalLabel} movements awaiting approval`}
      </Text>
      <ScrollArea type="auto">
        <Table striped miw={760} aria-label="Movements awaiting approval">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>Matter</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Requested by</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text size="sm" c="dimmed" ta="center">
                    {list.isLoading ? 'Loading…' : 'Nothing is awaiting approval.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((request) => {
              const isOwn = request.requestedByUserId === me;
              return (
                <Table.Tr key={request.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayDate(request.date)}</Table.Td>
                  <Table.Td>{KIND_LABELS[request.kind]}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/clients/${request.clientId}?activeTab=trust`}>
                      {request.clientName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{matterText(request.matterNumber, null)}</Table.Td>
                  <Table.Td>{request.description}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(request.amount, request.currencySymbol)}
                  </Table.Td>
                  <Table.Td>{request.requestedByUserName}</Table.Td>
                  <Table.Td>
                    {isOwn ? (
                      <Text size="sm" c="dimmed">
                        {WAITING_FOR_ANOTHER}
                      </Text>
                    ) : canApprove ? (
                      <Group gap="xs" wrap="nowrap" role="group" aria-label={`Decide ${request.description}`}>
                        <Button size="xs" loading={busyId === request.id} onClick={() => void approve(request)}>
                          Approve
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => setRejecting(request)}>
                          Reject
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pageCount > 1 && (
        <Pagination mt="sm" total={pageCount} value={Math.min(page, pageCount)} onChange={setPage} aria-label="Approval pages" />
      )}
      {rejecting && (
        <ReasonModal
          title="Reject movement"
          confirmLabel="Reject movement"
          description={`${KIND_LABELS[rejecting.kind]} of ${formatMoney(rejecting.amount, rejecting.currencySymbol)} for ${rejecting.clientName}`}
          onClose={() => setRejecting(null)}
          onConfirm={async (reason) => {
            await rejectMovement(rejecting.id, reason);
            setRejecting(null);
            await refresh();
          }}
        />
      )}
    </>
  );
}
