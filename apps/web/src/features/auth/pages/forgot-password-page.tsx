import { Alert, Anchor, TextInput } from '@mantine/core';
import { emailOnlyRequestSchema } from '@matterhorn/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { requestPasswordReset } from '../api/auth-api.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export function ForgotPasswordPage() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useSchemaForm(emailOnlyRequestSchema, { email: '' });

  const submit = form.onSubmit(async (data) => {
    setSentMessage(await requestPasswordReset(data.email));
  });

  return (
    <AuthCard title="Forgot password" subtitle="Enter your email and we will send you a link to reset your password.">
      <PageTitle
        parts={['Forgot password']}
        description="Forgot your Matterhorn password? Enter your email and we will send you a link to choose a new one."
      />
      {sentMessage && (
        <Alert color="green" role="status">
          {sentMessage}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk mb="md" {...form.inputProps('email')} />
        <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
          Send reset link
        </SubmitButton>
      </form>
      <Anchor component={Link} to="/login" size="sm">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}
