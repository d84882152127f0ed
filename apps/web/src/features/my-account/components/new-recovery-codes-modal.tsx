import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { RecoveryCodes } from '../../../components/recovery-codes.tsx';
import { createRecoveryCodes } from '../api/new-recovery-codes.ts';
import { AuthenticatorCodeForm } from './authenticator-code-form.tsx';

type NewRecoveryCodesModalProps = { opened: boolean; onClose: () => void; onCreated: () => void };

/** A new set of recovery codes, for the app's current code; shown this once. */
export function NewRecoveryCodesModal({ opened, onClose, onCreated }: NewRecoveryCodesModalProps) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const close = () => {
    setRecoveryCodes(null);
    onClose();
  };
  return (
    <AppModal opened={opened} onClose={close} title="New recovery codes">
      {recoveryCodes ? (
        <Stack gap="md">
          <RecoveryCodes codes={recoveryCodes} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">Your old recovery codes stop working once the new ones are made.</Text>
          <AuthenticatorCodeForm
            submitLabel="Make new codes"
            onCancel={close}
            onCode={async (code) => {
              setRecoveryCodes(await createRecoveryCodes(code));
              onCreated();
            }}
          />
        </Stack>
      )}
    </AppModal>
  );
}
