import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { trustBrowser } from '../api/auth-api.ts';
import { PageTitle } from '../../../components/page-title.tsx';

type TrustState = { step: 'trusting' } | { step: 'trusted'; signInPath: string } | { step: 'failed' };

/**
 * The link emailed after failed sign-in attempts: opening it lets this browser sign in to the
 * account while the attempts from elsewhere are held back (the server sets its device cookie).
 */
export function TrustBrowserPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [state, setState] = useState<TrustState>(token ? { step: 'trusting' } : { step: 'failed' });
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    trustBrowser(token).then(
      (signInPath) => setState({ step: 'trusted', signInPath }),
      () => setState({ step: 'failed' }),
    );
  }, [token]);

  if (state.step === 'trusting') {
    return (
      <AuthCard title="Recognising this browser">
        <PageTitle parts={['Recognising this browser']} />
        <Stack align="center" role="status" aria-label="Recognising this browser">
          <Loader />
        </Stack>
      </AuthCard>
    );
  }
  if (state.step === 'failed') {
    return (
      <AuthCard title="This link does not work">
        <PageTitle parts={['This link does not work']} />
        <Alert color="red" role="alert">
          This link is invalid or has expired. Sign in from a browser you have used before, or reset your password.
        </Alert>
        <Text size="sm">
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="This browser can now sign in" subtitle="Sign in with your password as usual, even while the failed attempts go on.">
      <PageTitle parts={['This browser can now sign in']} />
      <Button component={Link} to={state.signInPath} fullWidth>
        Sign in
      </Button>
    </AuthCard>
  );
}
