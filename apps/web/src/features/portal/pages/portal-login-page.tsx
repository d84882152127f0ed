import { Alert, Anchor, Button, Divider, Group, TextInput } from '@mantine/core';
import { emailOnlyRequestSchema, loginRequestSchema } from '@matterhorn/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { portalLogin, requestPortalSignInLink } from '../api/portal-sign-in.ts';
import { PortalCard, usePortalFirmName } from '../components/portal-card.tsx';
import { PortalSecondFactorStep } from '../components/portal-second-factor.tsx';
import { useFinishPortalSignIn } from '../components/use-finish-portal-sign-in.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const PORTAL_SIGN_IN_DESCRIPTION =
  'Sign in to your law firm’s client portal to follow your matters and see your invoices, trust balance, documents and messages.';

/** "Email me a sign-in link": the email only; the link signs in once, within 15 minutes. */
function SignInLinkForm({ company, onBack }: { company: string; onBack: () => void }) {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useSchemaForm(emailOnlyRequestSchema, { email: '' });
  const submit = form.onSubmit(async (data) => {
    setSentMessage(await requestPortalSignInLink({ slug: company, email: data.email }));
  });
  return (
    <>
      {sentMessage && (
        <Alert color="green" role="status" mb="md">
          {sentMessage}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk mb="md" {...form.inputProps('email')} />
        <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
          Send sign-in link
        </SubmitButton>
      </form>
      <Button variant="subtle" size="sm" mt="xs" onClick={onBack}>
        Sign in with a password instead
      </Button>
    </>
  );
}

export function PortalLoginPage() {
  const { company = '' } = useParams();
  const [isLinkMode, setIsLinkMode] = useState(false);
  const { secondFactor, finish, signIn } = useFinishPortalSignIn();
  const form = useSchemaForm(loginRequestSchema, { email: '', password: '' });
  const firmName = usePortalFirmName(company);

  const submit = form.onSubmit(async (data) => {
    await finish(await portalLogin({ slug: company, ...data }));
  });

  if (secondFactor) {
    return (
      <>
        <PageTitle parts={['Two-step sign-in', firmName]} description={PORTAL_SIGN_IN_DESCRIPTION} />
        <PortalCard company={company} title="Two-step sign-in">
          <PortalSecondFactorStep slug={company} step={secondFactor} onSignedIn={signIn} />
        </PortalCard>
      </>
    );
  }

  return (
    <>
      <PageTitle parts={['Client portal sign in', firmName]} description={PORTAL_SIGN_IN_DESCRIPTION} />
      <PortalCard company={company} title="Client portal sign in">
        {isLinkMode ? (
          <SignInLinkForm company={company} onBack={() => setIsLinkMode(false)} />
        ) : (
          <>
            <form onSubmit={submit} noValidate>
              <TextInput label="Email" type="email" autoComplete="email" withAsterisk mb="sm" {...form.inputProps('email')} />
              <PasswordField label="Password" autoComplete="current-password" withAsterisk mb="md" {...form.inputProps('password')} />
              <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
                Sign in
              </SubmitButton>
            </form>
            <Divider label="or" labelPosition="center" my="xs" />
            <Button variant="default" fullWidth onClick={() => setIsLinkMode(true)}>
              Email me a sign-in link
            </Button>
          </>
        )}
        <Group justify="space-between">
          <Anchor component={Link} to={`/portal/${company}/forgot-password`} size="sm">
            Forgot password?
          </Anchor>
          <Anchor component={Link} to={`/portal/${company}/signup`} size="sm">
            Create an account
          </Anchor>
        </Group>
      </PortalCard>
    </>
  );
}
