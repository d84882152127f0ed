import { Alert, Anchor, Text } from '@mantine/core';
import { PORTAL_SIGN_IN_MESSAGES } from '@matterhorn/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { portalSignInWithLink } from '../api/portal-sign-in.ts';
import { PortalCard, usePortalFirmName } from '../components/portal-card.tsx';
import { PortalSecondFactorStep } from '../components/portal-second-factor.tsx';
import { useFinishPortalSignIn } from '../components/use-finish-portal-sign-in.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/** /portal/[company]/sign-in/[token]: the emailed link signs the client in as the password does. */
export function PortalLinkSignInPage() {
  const { company = '', token = '' } = useParams();
  const { secondFactor, finish, signIn } = useFinishPortalSignIn();
  const [error, setError] = useState<string | null>(null);
  const firmName = usePortalFirmName(company);
  // The link works once: never send it twice (React's development double effects, a re-render).
  const hasSent = useRef(false);

  useEffect(() => {
    if (hasSent.current) return;
    hasSent.current = true;
    portalSignInWithLink({ slug: company, token })
      .then(finish)
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : PORTAL_SIGN_IN_MESSAGES.signInLinkInvalid));
  }, [company, token, finish]);

  return (
    <>
      <PageTitle parts={[secondFactor ? 'Two-step sign-in' : 'Signing you in', firmName]} />
      <PortalCard company={company} title={secondFactor ? 'Two-step sign-in' : 'Signing you in'}>
        {secondFactor ? (
          <PortalSecondFactorStep slug={company} step={secondFactor} onSignedIn={signIn} />
        ) : error ? (
          <>
            <Alert color="red" role="alert" mb="md">
              {error}
            </Alert>
            <Text size="sm">
              <Anchor component={Link} to={`/portal/${company}/login`}>
                Back to sign in
              </Anchor>
            </Text>
          </>
        ) : (
          <LoadingSpinner label="Signing you in" />
        )}
      </PortalCard>
    </>
  );
}
