import { Alert, Anchor, Center } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useFirmBranding } from '../api/portal-sign-in.ts';

export const FIRM_NOT_FOUND_TEXT = 'Firm not found';

/** The firm whose portal this is, for a page's title: its name once known, else "Client portal". */
export function usePortalFirmName(company: string): string {
  return useFirmBranding(company).data?.firmName ?? 'Client portal';
}

/** A portal auth page framed by the firm's name and logo; an unknown address says so plainly. */
export function PortalCard({
  company,
  title,
  subtitle,
  children,
}: {
  company: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const branding = useFirmBranding(company);
  if (branding.isPending) {
    return (
      <Center mih="100vh">
        <LoadingSpinner label="Loading firm" />
      </Center>
    );
  }
  if (!branding.data) {
    return (
      <AuthCard title={FIRM_NOT_FOUND_TEXT}>
        <Alert color="red" role="alert">
          We could not find a firm at the portal address “{company}”. Check the link your firm sent you.
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          Firm staff sign in
        </Anchor>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} subtitle={subtitle} brandName={branding.data.firmName} brandLogo={branding.data.firmLogo}>
      {children}
    </AuthCard>
  );
}
