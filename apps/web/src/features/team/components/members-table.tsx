import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatMoney, LEDES_CLASSIFICATION_LABELS, type TeamMember } from '@matterhorn/shared';
import { ActionsHeader } from '../../../components/row-actions.tsx';

type MembersTableProps = {
  members: TeamMember[];
  currencySymbol: string;
  canEdit: boolean;
  canDeactivate: boolean;
  onEdit: (member: TeamMember) => void;
  onDeactivate: (member: TeamMember) => void;
  onReactivate: (member: TeamMember) => void;
  onResetTwoStep: (member: TeamMember) => void;
  onSignOutEverywhere: (member: TeamMember) => void;
  /** The signed-in user owns the firm: they may hand ownership to another active member. */
  canTransferOwnership: boolean;
  onTransferOwnership: (member: TeamMember) => void;
  /** The signed-in user: their own sessions are ended from My account, not here. */
  currentUserId: string | null;
};

export function MembersTable({
  members,
  currencySymbol,
  canEdit,
  canDeactivate,
  onEdit,
  onDeactivate,
  onReactivate,
  onResetTwoStep,
  onSignOutEverywhere,
  canTransferOwnership,
  onTransferOwnership,
  currentUserId,
}: MembersTableProps) {
  if (members.length === 0) return <Text c="dimmed">No team members yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover aria-label="Team members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th ta="right">Default hourly rate</Table.Th>
            <Table.Th>Timekeeper</Table.Th>
            <Table.Th>Two-step</Table.Th>
            <Table.Th>Status</Table.Th>
            {canEdit && <ActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>
                {member.name}
                {member.isOwner && (
                  <Badge ml="xs" size="xs" variant="light" style={{ minWidth: 'max-content' }}>
                    Owner
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>{member.roleName}</Table.Td>
              <Table.Td ta="right">{member.defaultHourlyRate ? formatMoney(member.defaultHourlyRate, currencySymbol) : '—'}</Table.Td>
              <Table.Td>
                {member.timekeeperCode}
                <Text size="xs" c="dimmed">
                  {member.ledesClassification ? LEDES_CLASSIFICATION_LABELS[member.ledesClassification] : 'No LEDES classification'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={member.hasTwoStep ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
                  {member.hasTwoStep ? 'On' : 'Off'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge color={member.isActive ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
                  {member.isActive ? 'Active' : 'Deactivated'}
                </Badge>
              </Table.Td>
              {canEdit && (
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => onEdit(member)} aria-label={`Edit ${member.name}`}>
                      Edit
                    </Button>
                    {canDeactivate && member.isActive && !member.isOwner && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => onDeactivate(member)}
                        aria-label={`Deactivate ${member.name}`}
                      >
                        Deactivate
                      </Button>
                    )}
                    {member.hasTwoStep && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => onResetTwoStep(member)}
                        aria-label={`Reset two-step sign-in for ${member.name}`}
                      >
                        Reset two-step
                      </Button>
                    )}
                    {member.isActive && member.id !== currentUserId && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => onSignOutEverywhere(member)}
                        aria-label={`Sign out everywhere: ${member.name}`}
                      >
                        Sign out everywhere
                      </Button>
                    )}
                    {canTransferOwnership && member.isActive && member.id !== currentUserId && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => onTransferOwnership(member)}
                        aria-label={`Transfer ownership: ${member.name}`}
                      >
                        Transfer ownership
                      </Button>
                    )}
                    {!member.isActive && (
                      <Button size="xs" variant="light" onClick={() => onReactivate(member)} aria-label={`Reactivate ${member.name}`}>
                        Reactivate
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
