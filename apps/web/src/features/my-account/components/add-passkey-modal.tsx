import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { addPasskeyOptionsSchema, addPasskeySchema, twoStepCodeSchema } from '@matterhorn/shared';
import { useState } from 'react';
import { z } from 'zod';
import { AppModal } from '../../../components/app-modal.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { passkeyProblemOf, type PasskeyProblem } from '../../../lib/passkey-ceremony.ts';
import { addPasskey } from '../api/add-passkey.ts';
import { useTwoStepStatus } from '../api/two-step-status.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { deviceNameOf } from '../utils/device-name.ts';

export const ADD_PASSKEY_TITLE = 'Add a passkey';
export const ADD_PROMPT_CLOSED = 'The passkey prompt was closed before the passkey was added. Try again when you are ready.';

/** The password always; the authenticator's code too when two-step sign-in is on (the server asks for the same). */
const withoutCodeSchema = z.object({ name: addPasskeySchema.shape.name, currentPassword: addPasskeyOptionsSchema.shape.currentPassword });
const withCodeSchema = withoutCodeSchema.extend({ code: twoStepCodeSchema });

type AddPasskeyModalProps = { opened: boolean; onClose: () => void; onAdded: () => Promise<void> };

function AddPasskeyForm({ onClose, onAdded }: Omit<AddPasskeyModalProps, 'opened'>) {
  const isTwoStepOn = useTwoStepStatus().data?.isOn === true;
  // Named after this browser and system ("Chrome on Windows"): usually the device that keeps it.
  const form = useAccountForm(isTwoStepOn ? withCodeSchema : withoutCodeSchema, {
    name: deviceNameOf(navigator.userAgent),
    currentPassword: '',
    code: '',
  });
  const [problem, setProblem] = useState<PasskeyProblem | null>(null);
  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    const { name, currentPassword } = values;
    const code = 'code' in values ? (values.code as string) : undefined;
    try {
      await addPasskey(name, { currentPassword, ...(code ? { code } : {}) });
    } catch (error) {
      // A wrong password or code shows under its field; anything else (the prompt, the passkey) above the buttons.
      if (Object.keys(fieldErrorsOf(error)).length > 0) throw error;
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
        <PasswordField
          label="Current password"
          description="So no one at an unlocked screen can add one."
          autoComplete="current-password"
          withAsterisk
          {...form.inputProps('currentPassword')}
        />
        {isTwoStepOn && (
          <TextInput
            label="Authentication code"
            description="The code from your authenticator app, or one of your recovery codes."
            autoComplete="one-time-code"
            maxLength={11}
            withAsterisk
            {...form.inputProps('code')}
          />
        )}
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
