import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { isoToDisplayDate, todayIso, type ClientDetail, type PortalAccount } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  changePortalAccount,
  invitePortalAccount,
  portalAccountsKey,
  usePortalAccounts,
  type PortalAccountChange,
} from '../api/portal-accounts.ts';
import { ConfirmModal } from './confirm-modal.tsx';

const STATUS_COLORS: Record<PortalAccount['status'], string> = { Invited: 'blue', Active: 'green', Disabled: 'orange', Removed: 'gray' };

function lastSignInOf(account: PortalAccount): string {
  if (!account.lastSignInAt) return 'Never signed in';
  const when = new Date(account.lastSignInAt);
  return `Last sign-in ${isoToDisplayDate(todayIso(when))} ${when.toTimeString().slice(0, 5)}`;
}

const CONFIRM: Record<PortalAccountChange, { title: string; label: string; message: (email: string) => string }> = {
  disable: {
    title: 'Disable portal access?',
    label: 'Disable',
    message: (email) => `${email} will be signed out at once and cannot sign in until you enable the account again.`,
  },
  enable: { title: 'Enable portal access?', label: 'Enable', message: (email) => `${email} will be able to sign in again.` },
  remove: {
    title: 'Remove portal access?',
    label: 'Remove',
    message: (email) => `${email} will be signed out and can never use this account again. It stays in the audit trail.`,
  },
  'reset-authenticator': {
    title: 'Reset the authenticator app?',
    label: 'Reset',
    message: (email) =>
      `${email} will be signed out at once and asked to set up a new authenticator app at their next sign-in, after their password. Reset it only once you are sure the request comes from them.`,
  },
};

export const INVITE_CONTACT_TITLE = 'Invite to portal?';

/** Who receives the invitation, said before it goes. */
export const inviteContactText = (contact: { name: string; email: string | null }) =>
  `An email with a link to sign up for the portal will be sent to ${contact.name} at ${contact.email ?? ''}.`;

type PortalAccountsListProps = { client: ClientDetail; canEdit: boolean; onChanged: () => Promise<void> };

/** Each portal account of the client (one per contact): status, last sign-in and, for editors, the actions. */
export function PortalAccountsList({ client, canEdit, onChanged }: PortalAccountsListProps) {
  const queryClient = useQueryClient();
  const accounts = usePortalAccounts(client.id);
  const [pending, setPending] = useState<{ change: PortalAccountChange; account: PortalAccount } | null>(null);
  const [contactId, setContactId] = useState('');
  // The invitation is an email to someone outside the firm: who receives it is confirmed first.
  const [isConfirmingInvite, setIsConfirmingInvite] = useState(false);
  const [isWorking, setIsWorking] = useState(false);

  const taken = new Set((accounts.data ?? []).filter((account) => account.status !== 'Removed').map((account) => account.email));
  const invitable = client.contacts.filter((contact) => contact.email && !taken.has(contact.email.toLowerCase()));
  const invitee = invitable.find((contact) => contact.id === contactId) ?? null;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: portalAccountsKey(client.id) });
    await onChanged();
  };
  const act = async (work: () => Promise<unknown>) => {
    if (isWorking) return;
    setIsWorking(true);
    try {
      await work();
      await refresh();
      setPending(null);
    } catch {
      // The API client has shown the error.
    } finally {
      setIsWorking(false);
    }
  };

  if (accounts.isPending) return <Text size="sm">Loading portal accounts…</Text>;
  const rows = accounts.data ?? [];

  return (
    <Stack gap="sm" mt="sm">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No one has been invited to the portal yet.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Portal accounts">
          {rows.map((account) => (
            <Stack component="li" key={account.id} gap={4} aria-label={account.email}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  {account.contactName && (
                    <Text size="sm" fw={500} truncate>
                      {account.contactName}
                    </Text>
                  )}
                  <Text size="sm" truncate>
                    {account.email}
                  </Text>
                </div>
                <Badge color={STATUS_COLORS[account.status]} variant="light">
                  {account.status}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {lastSignInOf(account)}
                {account.hasAuthenticator ? ' · Authenticator app set up' : ''}
              </Text>
              {canEdit && account.status !== 'Removed' && (
                <Group gap="xs">
                  {account.status === 'Disabled' ? (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setPending({ change: 'enable', account })}
                      aria-label={`Enable ${account.email}`}
                    >
                      Enable
                    </Button>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setPending({ change: 'disable', account })}
                      aria-label={`Disable ${account.email}`}
                    >
                      Disable
                    </Button>
                  )}
                  {account.hasAuthenticator && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setPending({ change: 'reset-authenticator', account })}
                      aria-label={`Reset the authenticator app of ${account.email}`}
                    >
                      Reset authenticator
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="default"
                    color="red"
                    onClick={() => setPending({ change: 'remove', account })}
                    aria-label={`Remove ${account.email}`}
                  >
                    Remove
                  </Button>
                </Group>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {canEdit && invitable.length > 0 && (
        <Group align="flex-end" gap="xs">
          <NativeSelect
            label="Contact to invite"
            style={{ flex: 1, minWidth: 0 }}
            value={contactId}
            onChange={(event) => setContactId(event.currentTarget.value)}
            data={[
              { value: '', label: 'Choose a contact' },
              ...invitable.map((contact) => ({ value: contact.id, label: `${contact.name} (${contact.email})` })),
            ]}
          />
          <Button variant="default" disabled={!invitee || isWorking} onClick={() => setIsConfirmingInvite(true)}>
            Invite contact
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={pending !== null}
        title={pending ? CONFIRM[pending.change].title : ''}
        message={pending ? CONFIRM[pending.change].message(pending.account.email) : ''}
        confirmLabel={pending ? CONFIRM[pending.change].label : ''}
        color={pending?.change === 'enable' ? undefined : 'red'}
        isWorking={isWorking}
        onConfirm={() => pending && void act(() => changePortalAccount(pending.change, pending.account.id))}
        onCancel={() => setPending(null)}
      />
      <ConfirmModal
        opened={isConfirmingInvite && invitee !== null}
        title={INVITE_CONTACT_TITLE}
        message={invitee ? inviteContactText(invitee) : ''}
        confirmLabel="Send invitation"
        isWorking={isWorking}
        onConfirm={() =>
          void act(async () => {
            await invitePortalAccount({ clientId: client.id, contactId });
            setContactId('');
            setIsConfirmingInvite(false);
          })
        }
        onCancel={() => setIsConfirmingInvite(false)}
      />
    </Stack>
  );
}
