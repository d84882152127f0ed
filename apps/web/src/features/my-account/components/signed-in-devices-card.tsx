import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SignedInDevice } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { toast } from '../../../lib/toasts.ts';
import { PASSKEYS_KEY } from '../api/passkeys.ts';
import { signOutDevice, signOutOtherDevices } from '../api/sign-out-devices.ts';
import { SIGNED_IN_DEVICES_KEY, useSignedInDevices } from '../api/signed-in-devices.ts';
import { deviceNameOf } from '../utils/device-name.ts';

const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

export const UNKNOWN_ADDRESS = 'Unknown address';

export const otherDevicesSignedOutText = (count: number) => `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}`;

type DeviceRowProps = { device: SignedInDevice; isSigningOut: boolean; onSignOut: (device: SignedInDevice) => void };

/** One session, stacked so it reads the same on a phone as on a desk. */
function DeviceRow({ device, isSigningOut, onSignOut }: DeviceRowProps) {
  const name = deviceNameOf(device.userAgent);
  const address = device.ipAddress ?? UNKNOWN_ADDRESS;
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={500}>{name}</Text>
            {device.isThisDevice && (
              <Badge color="green" variant="light">
                This device
              </Badge>
            )}
          </Group>
          <Text size="sm">{address}</Text>
          <Text size="sm" c="dimmed">
            Signed in {displayDateTime(device.signedInAt)}
          </Text>
          <Text size="sm" c="dimmed">
            Last active {displayDateTime(device.lastActiveAt)}
          </Text>
        </Stack>
        {!device.isThisDevice && (
          <Button
            size="xs"
            variant="default"
            color="red"
            loading={isSigningOut}
            onClick={() => onSignOut(device)}
            aria-label={`Sign out ${name}, ${address}`}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** My account's "Signed-in devices": every open session, signing one or all the others out. */
export function SignedInDevicesCard() {
  const queryClient = useQueryClient();
  const devices = useSignedInDevices();
  const [signingOutId, setSigningOutId] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  const refreshDevices = () => queryClient.invalidateQueries({ queryKey: SIGNED_IN_DEVICES_KEY });
  const signOut = async (device: SignedInDevice) => {
    setSigningOutId(device.id);
    try {
      await signOutDevice(device.id);
      toast.success(`Signed out ${deviceNameOf(device.userAgent)}`);
    } catch {
      // The API client has shown the error (e.g. it had already signed out); the list is reloaded either way.
    } finally {
      await refreshDevices();
      setSigningOutId(null);
    }
  };

  const otherCount = devices.data?.filter((device) => !device.isThisDevice).length ?? 0;

  return (
    <Card withBorder component="section" aria-labelledby="signed-in-devices-title" maw={720}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Title order={2} size="h4" id="signed-in-devices-title">
          Signed-in devices
        </Title>
        {devices.data && (
          <Button variant="default" color="red" disabled={otherCount === 0} onClick={() => setIsConfirming(true)}>
            Sign out all other devices
          </Button>
        )}
      </Group>
      {devices.isPending ? (
        <LoadingSpinner label="Loading signed-in devices" />
      ) : !devices.data ? (
        <Text c="red.8" role="alert">
          Your signed-in devices could not be loaded.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {otherCount === 0
              ? 'Your account is signed in on this device only.'
              : 'Where your account is signed in now. Sign out any device you do not recognise.'}
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Signed-in devices">
            {devices.data.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                isSigningOut={signingOutId === device.id}
                onSignOut={(chosen) => void signOut(chosen)}
              />
            ))}
          </Stack>
        </Stack>
      )}
      {isConfirming && (
        <Suspense fallback={null}>
          <ConfirmModal
            opened
            title="Sign out all other devices?"
            confirmLabel="Sign out other devices"
            onClose={() => setIsConfirming(false)}
            onConfirm={async () => {
              const count = await signOutOtherDevices();
              toast.success(otherDevicesSignedOutText(count));
              await Promise.all([refreshDevices(), queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY })]);
            }}
          >
            Every other browser and app signed in to your account is signed out and needs your password to sign in again, and your passkeys
            are removed (add them again afterwards). This device stays signed in.
          </ConfirmModal>
        </Suspense>
      )}
    </Card>
  );
}
