import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { NewPasswordField, PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { changePassword } from '../api/change-password.ts';
import { PASSKEYS_KEY } from '../api/passkeys.ts';
import { SIGNED_IN_DEVICES_KEY } from '../api/signed-in-devices.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';

export const PASSWORDS_DIFFER = 'The new passwords do not match';

const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Type the new password again'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

const BLANK = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** My account's "Password": a new one, proved by the current one; the other devices are signed out. */
export function PasswordCard() {
  const queryClient = useQueryClient();
  const email = useSession().profile?.email ?? '';
  // The API names a guessable new password `password`, as at sign-up and reset.
  const form = useAccountForm(passwordFormSchema, BLANK, { serverFieldNames: { password: 'newPassword' } });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    await changePassword({ currentPassword, newPassword });
    form.reset();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: SIGNED_IN_DEVICES_KEY }),
      queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
    ]);
  });

  return (
    <Card withBorder component="section" aria-labelledby="password-title" maw={720}>
      <Title order={2} size="h4" id="password-title" mb={4}>
        Password
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Changing your password signs your other devices out and removes your passkeys (add them again afterwards); this one stays signed in.
      </Text>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        {/* Tells a password manager whose password this is, so it updates the right one. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <Stack gap="sm" maw={420}>
          <PasswordField label="Current password" autoComplete="current-password" withAsterisk {...form.inputProps('currentPassword')} />
          <NewPasswordField label="New password" mb={0} {...form.inputProps('newPassword')} />
          <PasswordField label="Confirm new password" autoComplete="new-password" withAsterisk {...form.inputProps('confirmPassword')} />
          <Group>
            <SubmitButton isSubmitting={form.isSubmitting} isAllowedWhenSubscriptionEnded>
              Change password
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
