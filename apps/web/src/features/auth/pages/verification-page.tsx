import { Alert, Anchor, Loader, Stack, Text, TextInput } from '@mantine/core';
import { emailOnlyRequestSchema } from '@matterhorn/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { resendVerification, verifyEmail } from '../api/auth-api.ts';
import { PageTitle } from '../../../components/page-title.tsx';

type VerifyState = 'idle' | 'verifying' | 'failed';

export function VerificationPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signedUpEmail = (useLocation().state as { email?: unknown } | null)?.email;
  const token = searchParams.get('token');
  const [verifyState, setVerifyState] = useState<VerifyState>(token ? 'verifying' : 'idle');
  const hasStarted = useRef(false);
  const form = useSchemaForm(emailOnlyRequestSchema, {
    email: session.profile?.email ?? (typeof signedUpEmail === 'string' ? signedUpEmail : ''),
  });

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    void (async () => {
      try {
        // The link proves the address, so it signs its owner in, on whichever device it was opened.
        const firmSession = await verifyEmail(token);
        await session.signInFirm(firmSession);
        navigate(firmSession.isFirmSetUp ? '/dashboard' : '/setup-firm', { replace: true });
      } catch {
        setVerifyState('failed');
      }
    })();
  }, [navigate, session, token]);

  const resend = form.onSubmit(async (data) => {
    await resendVerification(data.email);
  });

  if (verifyState === 'verifying') {
    return (
      <AuthCard title="Verifying your email">
        <PageTitle parts={['Verifying your email']} />
        <Stack align="center" role="status" aria-label="Verifying">
          <Loader />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Check your email" subtitle="We sent you a link to verify your email address. Open it to continue.">
      <PageTitle parts={['Check your email']} />
      {verifyState === 'failed' && (
        <Alert color="red" role="alert">
          This verification link is invalid or has expired. Ask for a new one below.
        </Alert>
      )}
      <form onSubmit={resend} noValidate>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk mb="md" {...form.inputProps('email')} />
        <SubmitButton fullWidth variant="secondary" isSubmitting={form.isSubmitting}>
          Resend verification email
        </SubmitButton>
      </form>
      <Text size="sm">
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
