import { Alert, Anchor, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { emailSchema, newPasswordSchema, PRIVACY_NOTICE_MESSAGES } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { NewPasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { portalSignup } from '../api/portal-sign-in.ts';
import { publicPrivacyNoticeQuery } from '../api/portal-privacy-notice-api.ts';
import { PrivacyNoticeText, PrivacyOfficerLine } from '../components/privacy-notice-text.tsx';
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
  const queryClient = useQueryClient();
  // The firm's current notice, agreed to before the account exists (ADR 92); none published, nothing asked.
  const privacy = useQuery(publicPrivacyNoticeQuery(company));
  const notice = privacy.data?.notice ?? null;
  const [hasAgreed, setHasAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState<string | null>(null);

  const submit = form.onSubmit(async (data) => {
    if (notice && !hasAgreed) {
      setAgreeError(PRIVACY_NOTICE_MESSAGES.consentRequired);
      return;
    }
    try {
      await finish(await portalSignup({ slug: company, token, ...data, privacyNoticeVersion: notice?.version }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PRIVACY_CONSENT_REQUIRED') {
        // A version published while the page was open: show it, to be read and agreed to again.
        await queryClient.invalidateQueries({ queryKey: publicPrivacyNoticeQuery(company).queryKey });
        setHasAgreed(false);
      }
      throw error;
    }
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
            {notice && (
              <Stack gap="xs" my="sm">
                <Text fw={600} size="sm" component="h2" m={0}>
                  Privacy notice
                </Text>
                <PrivacyNoticeText notice={notice} />
                {privacy.data?.officer && <PrivacyOfficerLine officer={privacy.data.officer} />}
                <Checkbox
                  label={PRIVACY_NOTICE_MESSAGES.consentLabel}
                  checked={hasAgreed}
                  onChange={(event) => {
                    setHasAgreed(event.currentTarget.checked);
                    setAgreeError(null);
                  }}
                  error={agreeError}
                />
              </Stack>
            )}
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
