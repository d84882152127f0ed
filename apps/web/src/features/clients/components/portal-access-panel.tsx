import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import type { ClientDetail } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { inviteClientToPortal, revokeClientPortal } from '../api/client-actions.ts';
import { portalAccountsKey } from '../api/portal-accounts.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { PortalAccountsList } from './portal-accounts-list.tsx';

type PortalAccessPanelProps = { client: ClientDetail; canEdit: boolean; onChanged: () => Promise<void> };

function portalStatusOf(client: ClientDetail): { label: string; color: string; text: string } {
  if (client.isPortalEnabled && client.hasPortalAccount) {
    return { label: 'Active', color: 'green', text: 'The client has signed up and can use the portal.' };
  }
  if (client.isPortalEnabled) return { label: 'Invited', color: 'blue', text: 'An invitation was sent; the client has not signed up yet.' };
  return { label: 'No access', color: 'gray', text: 'The client cannot use the portal.' };
}

/**
 * Portal access: invite the client's own email or a contact (an email with the portal sign-up link),
 * each account listed with its status and last sign-in; revoke the whole client's access.
 */
export function PortalAccessPanel({ client, canEdit, onChanged }: PortalAccessPanelProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'invite' | 'revoke' | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const status = portalStatusOf(client);

  const run = async () => {
    if (!confirming || isWorking) return;
    setIsWorking(true);
    try {
      if (confirming === 'invite') await inviteClientToPortal(client.id);
      else await revokeClientPortal(client.id);
      await queryClient.invalidateQueries({ queryKey: portalAccountsKey(client.id) });
      await onChanged();
      setConfirming(null);
    } catch {
      // The API client has shown the error.
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <Card withBorder component="section" aria-label="Portal access">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Portal access
        </Title>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {status.text}
      </Text>
      {canEdit && (
        <Group>
          {client.isPortalEnabled ? (
            <Button variant="default" color="red" onClick={() => setConfirming('revoke')}>
              Revoke portal access
            </Button>
          ) : (
            <Button variant="default" onClick={() => setConfirming('invite')} disabled={!client.email}>
              Invite to portal
            </Button>
          )}
          {!client.isPortalEnabled && !client.email && (
            <Text size="xs" c="dimmed">
              Add an email address to invite this client.
            </Text>
          )}
        </Group>
      )}
      <PortalAccountsList client={client} canEdit={canEdit} onChanged={onChanged} />
      <ConfirmModal
        opened={confirming !== null}
        title={confirming === 'revoke' ? 'Revoke portal access?' : 'Invite to portal?'}
        message={
          confirming === 'revoke'
            ? `${client.name} will no longer be able to sign in to the portal.`
            : `An email with a link to sign up for the portal will be sent to ${client.email ?? 'the client'}.`
        }
        confirmLabel={confirming === 'revoke' ? 'Revoke access' : 'Send invitation'}
        color={confirming === 'revoke' ? 'red' : undefined}
        isWorking={isWorking}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
