import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { MY_ACCOUNT_KEY, useMyAccount } from '../api/my-account.ts';

const ChangeEmailModal = lazy(async () => ({ default: (await import('./change-email-modal.tsx')).ChangeEmailModal }));

export const pendingEmailText = (newEmail: string) => `Waiting for you to confirm ${newEmail} in the email we sent it.`;

/** My account's "Sign-in email": the address the user signs in with, and changing it (with the changeEmail permission). */
export function SignInEmailCard() {
  const { permissions } = useSession();
  const queryClient = useQueryClient();
  const account = useMyAccount();
  const [isChanging, setIsChanging] = useState(false);
  const canChange = hasPermissions(permissions, ['changeEmail']);

  return (
    <Card withBorder component="section" aria-labelledby="sign-in-email-title" maw={720}>
      <Title order={2} size="h4" id="sign-in-email-title" mb="sm">
        Sign-in email
      </Title>
      {account.isPending ? (
        <LoadingSpinner label="Loading your sign-in email" />
      ) : !account.data ? (
        <Text c="red.8" role="alert">
          Your sign-in email could not be loaded.
        </Text>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="center" gap="sm">
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {account.data.email}
            </Text>
            {canChange && (
              <Button variant="default" onClick={() => setIsChanging(true)}>
                Change email
              </Button>
            )}
          </Group>
          {account.data.pendingEmail && (
            <Text size="sm" c="orange.9" style={{ overflowWrap: 'anywhere' }}>
              {pendingEmailText(account.data.pendingEmail)}
            </Text>
          )}
          {!canChange && (
            <Text size="sm" c="dimmed">
              Your role does not include changing your sign-in email: ask your firm’s administrator.
            </Text>
          )}
          <OnceOpened isOpen={isChanging}>
            <ChangeEmailModal
              opened={isChanging}
              currentEmail={account.data.email}
              onClose={() => setIsChanging(false)}
              onRequested={() => void queryClient.invalidateQueries({ queryKey: MY_ACCOUNT_KEY })}
            />
          </OnceOpened>
        </Stack>
      )}
    </Card>
  );
}
