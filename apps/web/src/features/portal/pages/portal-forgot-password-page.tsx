import { Alert, Anchor, TextInput } from '@mantine/core';
import { emailOnlyRequestSchema } from '@matterhorn/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { portalForgotPassword } from '../api/portal-sign-in.ts';
import { PortalCard, usePortalFirmName } from '../components/portal-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function PortalForgotPasswordPage() {
  const { company = '' } = useParams();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useSchemaForm(emailOnlyRequestSchema, { email: '' });
  const firmName = usePortalFirmName(company);

  const submit = form.onSubmit(async (data) => {
    setSentMessage(await portalForgotPassword({ slug: company, email: data.email }));
  });

  return (
    <>
      <PageTitle parts={['Forgot password', firmName]} />
      <PortalCard company={company} title="Forgot password" subtitle="We will email you a link to reset your password.">
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
        <Anchor component={Link} to={`/portal/${company}/login`} size="sm">
          Back to sign in
        </Anchor>
      </PortalCard>
    </>
  );
}
