import { Alert, Anchor, Text, TextInput } from '@mantine/core';
import { emailSchema, newPasswordSchema } from '@matterhorn/shared';
import { Link, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { NewPasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { portalSignup } from '../api/portal-sign-in.ts';
import { PortalCard, usePortalFirmName } from '../components/portal-card.tsx';
import { PortalSecondFactorStep } from '../components/portal-second-factor.tsx';
import { useFinishPortalSignIn } from '../components/use-finish-portal-sign-in.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const portalSignupFormSchema = z.object({ email: emailSchema, password: newPasswordSchema });

export const NO_INVITATION_TEXT =
  'To create your account, open the link in the invitation email your law firm sent you. If you cannot find it, ask the firm to invite you again.';

/** Only the link the firm emailed (its secret token) can create a client's account. */
export function PortalSignupPage() {
  const { company = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { secondFactor, finish, signIn } = useFinishPortalSignIn();
  const form = useSchemaForm(portalSignupFormSchema, { email: '', password: '' });
  const firmName = usePortalFirmName(company);

  const submit = form.onSubmit(async (data) => {
    await finish(await portalSignup({ slug: company, token, ...data }));
  });

  if (secondFactor) {
    return (
      <>
        <PageTitle parts={['Two-step sign-in', firmName]} />
        <PortalCard company={company} title="Two-step sign-in">
          <PortalSecondFactorStep slug={company} step={secondFactor} onSignedIn={signIn} />
        </PortalCard>
      </>
    );
  }

  return (
    <>
      <PageTitle parts={['Create your client account', firmName]} />
      <PortalCard company={company} title="Create your client account" subtitle="Use the email address your invitation was sent to.">
        {token ? (
          <form onSubmit={submit} noValidate>
            <TextInput label="Email" type="email" autoComplete="email" withAsterisk mb="sm" {...form.inputProps('email')} />
            <NewPasswordField {...form.inputProps('password')} />
            <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
              Create account
            </SubmitButton>
          </form>
        ) : (
          <Alert color="yellow" role="alert" mb="md">
            {NO_INVITATION_TEXT}
          </Alert>
        )}
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to={`/portal/${company}/login`}>
            Sign in
          </Anchor>
        </Text>
      </PortalCard>
    </>
  );
}
