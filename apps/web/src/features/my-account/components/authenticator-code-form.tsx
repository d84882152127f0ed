import { Button, Group, TextInput } from '@mantine/core';
import { totpCodeSchema } from '@matterhorn/shared';
import { useState } from 'react';
import { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';

const codeFormSchema = z.object({ code: totpCodeSchema });

type AuthenticatorCodeFormProps = {
  submitLabel: string;
  /** Resolves when the code was accepted; a refusal shows its message under the field. */
  onCode: (code: string) => Promise<void>;
  onCancel: () => void;
  isDestructive?: boolean;
};

/** The authenticator app's current 6-digit code, asked before a change to two-step sign-in. */
export function AuthenticatorCodeForm({ submitLabel, onCode, onCancel, isDestructive = false }: AuthenticatorCodeFormProps) {
  const [codeError, setCodeError] = useState<string | null>(null);
  const form = useSchemaForm(codeFormSchema, { code: '' });
  const submit = form.onSubmit(async ({ code }) => {
    try {
      await onCode(code);
    } catch (error) {
      // The API client has shown the message too.
      if (error instanceof ApiError) setCodeError(error.message);
    }
  });
  const codeInput = form.inputProps('code');
  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        data-autofocus
        label="Authentication code"
        description="The 6-digit code your authenticator app shows now."
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        withAsterisk
        mb="md"
        {...codeInput}
        onChange={(event) => {
          setCodeError(null);
          codeInput.onChange(event);
        }}
        error={codeError ?? codeInput.error}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={form.isSubmitting}>
          Cancel
        </Button>
        {/* The server keeps /api/auth/ open while a subscription has ended: a user's own sign-in stays theirs to secure. */}
        <SubmitButton isSubmitting={form.isSubmitting} color={isDestructive ? 'red' : undefined} isAllowedWhenSubscriptionEnded>
          {submitLabel}
        </SubmitButton>
      </Group>
    </form>
  );
}
