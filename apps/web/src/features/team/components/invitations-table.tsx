import { Button, Table, Text } from '@mantine/core';
import { isoToDisplayDate, type InvitationSummary } from '@matterhorn/shared';
import { EmailFailedRetry } from '../../../components/email-failed-retry.tsx';
import { ActionsHeader } from '../../../components/row-actions.tsx';
import { useEmailDeliveries } from '../../../lib/email-delivery.ts';

type InvitationsTableProps = {
  invitations: InvitationSummary[];
  canCancel: boolean;
  /** Whoever may invite may send a failed invitation email again. */
  canRetryEmail: boolean;
  onCancel: (invitation: InvitationSummary) => void;
};

export function InvitationsTable({ invitations, canCancel, canRetryEmail, onCancel }: InvitationsTableProps) {
  const deliveries = useEmailDeliveries(
    'teamInvitation',
    invitations.map((invitation) => invitation.id),
  );
  if (invitations.length === 0) return <Text c="dimmed">No pending invitations.</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table aria-label="Pending invitations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Invited by</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Expires</Table.Th>
            {canCancel && <ActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td>
                {invitation.email}
                <EmailFailedRetry
                  subject="teamInvitation"
                  id={invitation.id}
                  delivery={deliveries.data?.[invitation.id]}
                  canRetry={canRetryEmail}
                />
              </Table.Td>
              <Table.Td>{invitation.roleName}</Table.Td>
              <Table.Td>{invitation.invitedBy ?? '—'}</Table.Td>
              <Table.Td>{isoToDisplayDate(invitation.createdAt.slice(0, 10))}</Table.Td>
              <Table.Td>{isoToDisplayDate(invitation.expiresAt.slice(0, 10))}</Table.Td>
              {canCancel && (
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onCancel(invitation)}
                    aria-label={`Cancel invitation for ${invitation.email}`}
                  >
                    Cancel
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
