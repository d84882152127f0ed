import { Stack, Text } from '@mantine/core';
import type { TwoStepStatus } from '@matterhorn/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { turnOffTwoStep } from '../api/turn-off-two-step.ts';
import { AuthenticatorCodeForm } from './authenticator-code-form.tsx';

type TurnOffTwoStepModalProps = { opened: boolean; onClose: () => void; onTurnedOff: (status: TwoStepStatus) => void };

/** Turning two-step sign-in off asks for the app's current code, so a borrowed session alone cannot. */
export function TurnOffTwoStepModal({ opened, onClose, onTurnedOff }: TurnOffTwoStepModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Turn off two-step sign-in?">
      <Stack gap="md">
        <Text size="sm">
          Signing in will ask only for your password, and your recovery codes stop working. Enter the code from your authenticator app to
          confirm.
        </Text>
        <AuthenticatorCodeForm
          submitLabel="Turn off"
          isDestructive
          onCancel={onClose}
          onCode={async (code) => {
            onTurnedOff(await turnOffTwoStep(code));
            onClose();
          }}
        />
      </Stack>
    </AppModal>
  );
}
