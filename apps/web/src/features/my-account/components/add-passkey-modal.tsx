import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { addPasskeySchema } from '@matterhorn/shared';
import { useState } from 'react';
import { z } from 'zod';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { passkeyProblemOf, type PasskeyProblem } from '../../../lib/passkey-ceremony.ts';
import { addPasskey } from '../api/add-passkey.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { deviceNameOf } from '../utils/device-name.ts';

export const ADD_PASSKEY_TITLE = 'Add a passkey';
export const ADD_PROMPT_CLOSED = 'The passkey prompt was closed before the passkey was added. Try again when you are ready.';

const nameFormSchema = z.object({ name: addPasskeySchema.shape.name });

type AddPasskeyModalProps = { opened: boolean; onClose: () => void; onAdded: () => Promise<void> };

function AddPasskeyForm({ onClose, onAdded }: Omit<AddPasskeyModalProps, 'opened'>) {
  // Named after this browser and system ("Chrome on Windows"): usually the device that keeps it.
  const form = useAccountForm(nameFormSchema, { name: deviceNameOf(navigator.userAgent) });
  const [problem, setProblem] = useState<PasskeyProblem | null>(null);
  const submit = form.onSubmit(async ({ name }) => {
    setProblem(null);
    try {
      await addPasskey(name);
    } catch (error) {
      setProblem(passkeyProblemOf(error, ADD_PROMPT_CLOSED));
      return;
    }
    await onAdded();
    onClose();
  });
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Your browser asks for your fingerprint, face or screen lock (or a security key), then keeps the passkey on this device or in your
          password manager.
        </Text>
        <TextInput
          label="Passkey name"
          description="So you can tell your passkeys apart, e.g. Work laptop."
          autoComplete="off"
          maxLength={60}
          withAsterisk
          data-autofocus
          {...form.inputProps('name')}
        />
        {problem &&
          (problem.isPromptClosed ? (
            <Text role="status" size="sm" c="dimmed">
              {problem.message}
            </Text>
          ) : (
            <Text role="alert" size="sm" c="red.8">
              {problem.message}
            </Text>
          ))}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={form.isSubmitting}>
            Cancel
          </Button>
          {/* The server keeps /api/auth/ open while a subscription has ended: a user's own sign-in stays theirs to secure. */}
          <SubmitButton isSubmitting={form.isSubmitting} isAllowedWhenSubscriptionEnded>
            Add passkey
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** Names a new passkey, then runs the browser's prompt to create it. */
export function AddPasskeyModal({ opened, onClose, onAdded }: AddPasskeyModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={ADD_PASSKEY_TITLE}>
      {/* A fresh form (and default name) each time it opens. */}
      {opened && <AddPasskeyForm onClose={onClose} onAdded={onAdded} />}
    </AppModal>
  );
}
