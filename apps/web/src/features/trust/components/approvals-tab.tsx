import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney, type TrustAccount, type TrustMovementRequest } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { approveMovement, pendingMovementsQuery, refusalOf, rejectMovement, trustKeys } from '../api/trust-api.ts';
import { displayDate, matterText } from '../utils/trust-display.ts';
import { TRUST_APPROVAL_LIST, trustApprovalQueryFrom } from '../utils/trust-list-params.ts';
import { ReasonModal } from './reason-modal.tsx';

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
  // Its page and size are in the page's URL, like the other tabs' lists.
  const list = useListParams(TRUST_APPROVAL_LIST);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<TrustMovementRequest | null>(null);
  const result = useQuery(pendingMovementsQuery(trustApprovalQueryFrom(account.id, list)));
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
      <ListResults
        result={{ isPending: result.isPending, data: result.data }}
        page={list.page}
        size={list.size}
        noun={{ one: 'movement awaiting approval', many: 'movements awaiting approval' }}
        empty={
          <Text size="sm" c="dimmed">
            Nothing is awaiting approval.
          </Text>
        }
        pagerLabel="Approval pages"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(rows) => (
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
                        <Anchor component={Link} to={`/clients/${request.clientId}?activeTab=trust`} fz="inherit" underline="always">
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
      </ListResults>
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
