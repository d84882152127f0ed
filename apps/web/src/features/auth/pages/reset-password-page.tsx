import { Anchor } from '@mantine/core';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '@matterhorn/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../../components/auth-card.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { resetPassword } from '../api/auth-api.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, 'Confirm your password') })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export function ResetPasswordPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const form = useSchemaForm(newPasswordFormSchema, { password: '', confirmPassword: '' });

  const submit = form.onSubmit(async (data) => {
    await resetPassword({ token: id, password: data.password });
    navigate('/login', { replace: true });
  });

  return (
    <AuthCard title="Reset password" subtitle={`Choose a new password of at least ${PASSWORD_MIN_LENGTH} characters.`}>
      <PageTitle parts={['Reset password']} />
      <form onSubmit={submit} noValidate>
        <PasswordField label="New password" autoComplete="new-password" withAsterisk mb="sm" {...form.inputProps('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" withAsterisk mb="md" {...form.inputProps('confirmPassword')} />
        <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
          Reset password
        </SubmitButton>
      </form>
      <Anchor component={Link} to="/login" size="sm">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}
