import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, type InvitationSummary, type TeamMember } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { firmScopeOf } from '../../../lib/session/working-user.ts';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { cancelInvitation } from '../api/cancel-invitation.ts';
import { INVITATIONS_KEY, useInvitations } from '../api/get-invitations.ts';
import { useRoleOptions } from '../api/get-role-options.ts';
import { isTeamFull, SEATS_KEY, useSeats } from '../api/get-seats.ts';
import { resetTwoStep } from '../api/reset-two-step.ts';
import { reactivateMember } from '../api/set-member-active.ts';
import { signOutEverywhere } from '../api/sign-out-everywhere.ts';
import { transferOwnership } from '../api/transfer-ownership.ts';
import { EditMemberModal } from '../components/edit-member-modal.tsx';
import { InvitationsTable } from '../components/invitations-table.tsx';
import { InviteMemberModal } from '../components/invite-member-modal.tsx';
import { MembersTable } from '../components/members-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

// Loaded when first opened, with the preview it asks for: the team page's first visit stays within its budget.
const DeactivateMemberModal = lazy(async () => ({
  default: (await import('../components/deactivate-member-modal.tsx')).DeactivateMemberModal,
}));

const SELECT_PLAN_PATH = '/settings/plans-&-subscriptions/select-plan';

export function seatsText(used: number, allocated: number): string {
  return `${used} of ${allocated} seats used`;
}

export function signedOutEverywhereText(name: string, sessions: number): string {
  return `${name} was signed out of ${sessions} ${sessions === 1 ? 'session' : 'sessions'}`;
}

export function TeamPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const members = useQuery(teamMembersQuery);
  const invitations = useInvitations();
  const roles = useRoleOptions();
  const seats = useSeats(firmScopeOf(session.workingUser));
  const [isInviting, setIsInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [deactivating, setDeactivating] = useState<TeamMember | null>(null);
  const [cancelling, setCancelling] = useState<InvitationSummary | null>(null);
  const [resettingTwoStep, setResettingTwoStep] = useState<TeamMember | null>(null);
  const [signingOut, setSigningOut] = useState<TeamMember | null>(null);
  const [transferringTo, setTransferringTo] = useState<TeamMember | null>(null);

  const canInvite = hasPermissions(session.permissions, ['adminUsers.create']);
  const canEdit = hasPermissions(session.permissions, ['adminUsers.edit']);
  // The API asks adminUsers.delete to deactivate a member or cancel an invitation.
  const canRemove = hasPermissions(session.permissions, ['adminUsers.delete']);
  const isFull = isTeamFull(seats.data);
  const currencySymbol = session.workingUser?.currency ?? '';
  const currentUserId = session.profile?.id ?? null;
  // From the list, as its Owner badge: after a transfer both move together.
  const isOwner = members.data?.some((member) => member.id === currentUserId && member.isOwner) ?? false;

  const refreshTeam = () => {
    void queryClient.invalidateQueries({ queryKey: lookupKeys.teamMembers() });
    void queryClient.invalidateQueries({ queryKey: SEATS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['subscription-info'] });
  };
  const refreshInvitations = () => void queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });

  const reactivate = async (member: TeamMember) => {
    try {
      await reactivateMember(member.id);
      refreshTeam();
    } catch {
      // The API client has already shown the error (e.g. no free seat).
    }
  };

  return (
    <Stack gap="lg">
      <PageTitle parts={['Team', 'Settings']} />
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Team</Title>
          <Text c="dimmed">
            Invite colleagues, set their role and default hourly rate, reset their two-step sign-in, sign them out everywhere, or deactivate
            them.
          </Text>
        </div>
        {canInvite && (
          <Button onClick={() => setIsInviting(true)} disabled={isFull}>
            Invite member
          </Button>
        )}
      </Group>

      {/* Its line is kept while the seats are asked for, so the members under it do not move down when they come. */}
      <Text fw={500} data-testid="seats-used" style={{ minHeight: '1lh' }}>
        {seats.data && seatsText(seats.data.used, seats.data.allocated)}
      </Text>
      {seats.data && isFull && (
        <Alert color="yellow" title="Every seat on your plan is in use" role="status">
          Your plan allows {seats.data.allocated} {seats.data.allocated === 1 ? 'member' : 'members'}. To invite someone new,{' '}
          <Anchor component={Link} to={`${SELECT_PLAN_PATH}?seats=${seats.data.allocated + 1}`}>
            add a seat
          </Anchor>{' '}
          (on a paid plan, charged for the days left in the period), deactivate a member, or{' '}
          <Anchor component={Link} to={SELECT_PLAN_PATH}>
            change your plan
          </Anchor>
          .
        </Alert>
      )}

      <section aria-labelledby="team-members-heading">
        <Title order={2} size="h4" mb="sm" id="team-members-heading">
          Members
        </Title>
        {members.isPending ? (
          <LoadingSpinner label="Loading team members" />
        ) : (
          <MembersTable
            members={members.data ?? []}
            currencySymbol={currencySymbol}
            canEdit={canEdit}
            canDeactivate={canRemove}
            onEdit={setEditing}
            onDeactivate={setDeactivating}
            onReactivate={(member) => void reactivate(member)}
            onResetTwoStep={setResettingTwoStep}
            onSignOutEverywhere={setSigningOut}
            canTransferOwnership={isOwner}
            onTransferOwnership={setTransferringTo}
            currentUserId={currentUserId}
          />
        )}
      </section>

      {/* Under the members once they are in: drawn before them, the invitations were pushed down as the table came. */}
      {!members.isPending && (
        <section aria-labelledby="team-invitations-heading">
          <Title order={2} size="h4" mb="sm" id="team-invitations-heading">
            Pending invitations
          </Title>
          {invitations.isPending ? (
            <LoadingSpinner label="Loading invitations" />
          ) : (
            <InvitationsTable
              invitations={invitations.data ?? []}
              canCancel={canRemove}
              canRetryEmail={canInvite}
              onCancel={setCancelling}
            />
          )}
        </section>
      )}

      <InviteMemberModal
        opened={isInviting}
        onClose={() => setIsInviting(false)}
        roles={roles.data ?? []}
        onInvited={() => {
          refreshInvitations();
          refreshTeam();
        }}
      />
      <EditMemberModal
        member={editing}
        onClose={() => setEditing(null)}
        roles={roles.data ?? []}
        currencySymbol={currencySymbol}
        onSaved={refreshTeam}
      />
      <OnceOpened isOpen={deactivating !== null}>
        <DeactivateMemberModal
          member={deactivating}
          members={members.data ?? []}
          onClose={() => setDeactivating(null)}
          onDeactivated={refreshTeam}
        />
      </OnceOpened>
      <ConfirmModal
        opened={transferringTo !== null}
        onClose={() => setTransferringTo(null)}
        title={`Transfer ownership to ${transferringTo?.name ?? 'member'}?`}
        confirmLabel="Transfer ownership"
        onConfirm={async () => {
          if (!transferringTo) return;
          await transferOwnership(transferringTo.id);
          // Firm calls carry the owner's id (AdminUserId): the session learns the new one before anything reloads.
          await session.reloadProfile();
          refreshTeam();
        }}
      >
        <Text size="sm">
          {transferringTo?.name} will own the firm: they become an administrator if they are not one already, manage the plan and may hand
          ownership on. You keep your role, and no longer own the firm. You are both emailed.
        </Text>
      </ConfirmModal>
      <ConfirmModal
        opened={resettingTwoStep !== null}
        onClose={() => setResettingTwoStep(null)}
        title={`Reset two-step sign-in for ${resettingTwoStep?.name ?? 'member'}?`}
        confirmLabel="Reset two-step sign-in"
        onConfirm={async () => {
          if (!resettingTwoStep) return;
          await resetTwoStep(resettingTwoStep.id);
          refreshTeam();
        }}
      >
        <Text size="sm">They will set up their authenticator app again at their next sign-in, and their recovery codes stop working.</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={signingOut !== null}
        onClose={() => setSigningOut(null)}
        title={`Sign ${signingOut?.name ?? 'member'} out on every device?`}
        confirmLabel="Sign out everywhere"
        onConfirm={async () => {
          if (!signingOut) return;
          const sessions = await signOutEverywhere(signingOut.id);
          toast.success(signedOutEverywhereText(signingOut.name, sessions));
        }}
      >
        <Text size="sm">They will need to sign in again. Their work and settings stay as they are.</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title="Cancel invitation?"
        confirmLabel="Cancel invitation"
        cancelLabel="Keep invitation"
        onConfirm={async () => {
          if (!cancelling) return;
          await cancelInvitation(cancelling.id);
          refreshInvitations();
        }}
      >
        <Text size="sm">The invitation link sent to {cancelling?.email} will stop working.</Text>
      </ConfirmModal>
    </Stack>
  );
}
