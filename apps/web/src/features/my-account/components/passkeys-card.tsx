import { Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Passkey } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { displayDate, displayDateTime } from '../../../lib/date-time.ts';
import { PASSKEYS_UNSUPPORTED } from '../../../lib/passkey-ceremony.ts';
import { removePasskey } from '../api/remove-passkey.ts';
import { PASSKEYS_KEY, usePasskeys } from '../api/passkeys.ts';
import { TWO_STEP_STATUS_KEY } from '../api/two-step-status.ts';
import { usePasskeySupport } from '../hooks/use-passkey-support.ts';

// Loaded when first opened, as the two-step card's modals are (My account's 250 KB budget).
const AddPasskeyModal = lazy(async () => ({ default: (await import('./add-passkey-modal.tsx')).AddPasskeyModal }));
const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

export const PASSKEYS_INTRO =
  'Sign in with your fingerprint, face or screen lock instead of a password. A passkey also counts as your second step.';

/** One passkey, stacked so it reads the same on a phone as on a desk. */
function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: (passkey: Passkey) => void }) {
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {passkey.name}
          </Text>
          <Text size="sm" c="dimmed">
            Added {displayDate(passkey.createdAt)}
          </Text>
          <Text size="sm" c="dimmed">
            {passkey.lastUsedAt ? `Last used ${displayDateTime(passkey.lastUsedAt)}` : 'Not used to sign in yet'}
          </Text>
        </Stack>
        <Button size="xs" variant="default" color="red" onClick={() => onRemove(passkey)} aria-label={`Remove passkey: ${passkey.name}`}>
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

/** My account's "Passkeys": the user's passkeys, adding one (the browser's prompt) and removing one. */
export function PasskeysCard() {
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const isSupported = usePasskeySupport();
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  // The two-step card tells whether signing in asks for a second step, which a passkey gives.
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
      queryClient.invalidateQueries({ queryKey: TWO_STEP_STATUS_KEY }),
    ]);
  };

  return (
    <Card withBorder component="section" aria-labelledby="passkeys-title" maw={720}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Title order={2} size="h4" id="passkeys-title">
          Passkeys
        </Title>
        {/* Until the check is done, offered: nearly every browser can, and the prompt checks again. */}
        {isSupported !== false && <Button onClick={() => setIsAdding(true)}>Add a passkey</Button>}
      </Group>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {PASSKEYS_INTRO}
        </Text>
        {isSupported === false && <Text size="sm">{PASSKEYS_UNSUPPORTED} Add one from a browser that supports them.</Text>}
        {passkeys.isPending ? (
          <LoadingSpinner label="Loading passkeys" />
        ) : !passkeys.data ? (
          <Text c="red.8" role="alert">
            Your passkeys could not be loaded.
          </Text>
        ) : passkeys.data.length === 0 ? (
          <Text size="sm">You have no passkeys yet.</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Passkeys">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRemove={setRemoving} />
            ))}
          </Stack>
        )}
      </Stack>
      <OnceOpened isOpen={isAdding}>
        <AddPasskeyModal opened={isAdding} onClose={() => setIsAdding(false)} onAdded={refresh} />
      </OnceOpened>
      {removing && (
        <Suspense fallback={null}>
          <ConfirmModal
            opened
            title="Remove this passkey?"
            confirmLabel="Remove passkey"
            onClose={() => setRemoving(null)}
            onConfirm={async () => {
              try {
                await removePasskey(removing.id);
              } finally {
                // Also when it had gone already (removed on another device): the list shows what is left.
                await refresh();
              }
            }}
          >
            {`“${removing.name}” will no longer sign you in. Devices that keep it may still offer it: remove it there too.`}
          </ConfirmModal>
        </Suspense>
      )}
    </Card>
  );
}
