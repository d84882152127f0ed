import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import type { FirmSession, TwoStepChallenge } from '@matterhorn/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useDeferredSchemaForm } from '../../../lib/forms/use-deferred-schema-form.ts';
import { loginFirm } from '../api/auth-api.ts';
import { PasskeyNoticeText } from '../components/passkey-notice.tsx';
import { firmLandingPath } from '../firm-landing.ts';
import { usePasskeySignIn } from '../hooks/use-passkey-sign-in.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const SIGN_IN_DESCRIPTION =
  'Sign in to Matterhorn, the practice-management app where your law firm keeps its clients, matters, time, billing and trust accounts.';

const loadLoginSchema = async () => (await import('@matterhorn/shared/auth/auth.schemas')).loginRequestSchema;

/** The second step loads only when a password earns a challenge: most sign-ins never need it (issue 13's 120 KB budget). */
const TwoStepSignIn = lazy(async () => ({ default: (await import('../components/two-step-sign-in.tsx')).TwoStepSignIn }));

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useDeferredSchemaForm(loadLoginSchema, { email: '', password: '' });
  const [challenge, setChallenge] = useState<TwoStepChallenge | null>(null);
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);

  const finishSignIn = async (firmSession: FirmSession) => {
    await session.signInFirm(firmSession);
    navigate(firmLandingPath(firmSession, searchParams), { replace: true });
  };

  const passkey = usePasskeySignIn({ onSignedIn: finishSignIn });

  const returnToPassword = useCallback((message: string) => {
    setChallenge(null);
    setExpiredMessage(message);
  }, []);

  const submit = form.onSubmit(async (data) => {
    const answer = await loginFirm(data);
    // Tested here rather than with the shared isTwoStepChallenge, whose module would bring zod to the first paint.
    if ('challenge' in answer) {
      setExpiredMessage(null);
      setChallenge(answer);
      return;
    }
    await finishSignIn(answer);
  });

  if (challenge) {
    return (
      <AuthCard title="Two-step sign-in" subtitle="Your password was right: one more step to sign in.">
        <PageTitle parts={['Two-step sign-in']} description={SIGN_IN_DESCRIPTION} />
        <Suspense fallback={<LoadingSpinner label="Loading two-step sign-in" />}>
          <TwoStepSignIn challenge={challenge} onSignedIn={finishSignIn} onExpired={returnToPassword} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to your firm.">
      <PageTitle parts={['Sign in']} description={SIGN_IN_DESCRIPTION} />
      {expiredMessage && (
        <Text role="alert" c="red.8" size="sm">
          {expiredMessage}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk mb="sm" {...form.inputProps('email')} />
        <PasswordField label="Password" autoComplete="current-password" withAsterisk mb="md" {...form.inputProps('password')} />
        <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
          Sign in
        </SubmitButton>
      </form>
      {/* A sign-in without a password: the ceremony's code loads on the click (issue 13's budget). */}
      <Button ref={passkey.buttonRef} variant="default" fullWidth loading={passkey.isSigningIn} onClick={() => void passkey.signIn()}>
        Continue with a passkey
      </Button>
      <PasskeyNoticeText notice={passkey.notice} />
      <Group justify="space-between">
        <Anchor component={Link} to="/forgot-password" size="sm">
          Forgot password?
        </Anchor>
        <Anchor component={Link} to="/signup" size="sm">
          Create an account
        </Anchor>
      </Group>
    </AuthCard>
  );
}
