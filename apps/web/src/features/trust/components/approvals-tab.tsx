import { Anchor, Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
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
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {list.isLoading ? 'Loading…' : 'Nothing is awaiting approval.'}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" aria-label="Movements awaiting approval" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((request) => {
            const isOwn = request.requestedByUserId === me;
            return (
              <Paper component="li" key={request.id} withBorder p="sm" radius="md">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Text fw={600}>
                      {KIND_LABELS[request.kind]} of {formatMoney(request.amount, request.currencySymbol)}
                    </Text>
                    <Text size="sm">{request.description}</Text>
                    <Text size="sm" c="dimmed">
                      <Anchor component={Link} to={`/clients/${request.clientId}?activeTab=trust`} fz="inherit">
                        {request.clientName}
                      </Anchor>{' '}
                      · {matterText(request.matterNumber, null)} · dated {displayDate(request.date)} · requested by{' '}
                      {request.requestedByUserName}
                    </Text>
                  </Stack>
                  {isOwn ? (
                    <Text size="sm" c="dimmed">
                      {WAITING_FOR_ANOTHER}
                    </Text>
                  ) : canApprove ? (
                    <Group gap="xs" wrap="nowrap" role="group" aria-label={`Decide: ${request.description}`}>
                      <Button size="xs" loading={busyId === request.id} onClick={() => void approve(request)}>
                        Approve
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setRejecting(request)}>
                        Reject
                      </Button>
                    </Group>
                  ) : null}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
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
