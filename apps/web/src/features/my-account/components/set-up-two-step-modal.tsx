import { Button, Group, List, Stack } from '@mantine/core';
import type { TotpSetup } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { AuthenticatorKey } from '../../../components/authenticator-key.tsx';
import { RecoveryCodes } from '../../../components/recovery-codes.tsx';
import { confirmAuthenticator } from '../api/set-up-authenticator.ts';
import { AuthenticatorCodeForm } from './authenticator-code-form.tsx';

type SetUpTwoStepModalProps = {
  /** The new secret from setup-totp; null while the modal is closed. */
  setup: TotpSetup | null;
  onClose: () => void;
  /** Two-step sign-in is on: the page reloads its status. */
  onTurnedOn: () => void;
};

/** Scan the QR code, confirm the app's first code, then keep the recovery codes shown this once. */
export function SetUpTwoStepModal({ setup, onClose, onTurnedOn }: SetUpTwoStepModalProps) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const close = () => {
    setRecoveryCodes(null);
    onClose();
  };
  return (
    <AppModal opened={setup !== null} onClose={close} title="Set up two-step sign-in">
      {recoveryCodes ? (
        <Stack gap="md">
          <RecoveryCodes codes={recoveryCodes} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        setup && (
          <Stack gap="md">
            <List type="ordered" size="sm" spacing={4}>
              <List.Item>
                Install an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password.
              </List.Item>
              <List.Item>Scan this QR code with it, or type the key into it.</List.Item>
              <List.Item>Enter the 6-digit code the app shows.</List.Item>
            </List>
            <AuthenticatorKey setup={setup} />
            <AuthenticatorCodeForm
              submitLabel="Turn on"
              onCancel={close}
              onCode={async (code) => {
                setRecoveryCodes(await confirmAuthenticator(code));
                onTurnedOn();
              }}
            />
          </Stack>
        )
      )}
    </AppModal>
  );
}
