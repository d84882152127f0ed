import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { FIRM_PROFILE_KEY, updateFirmProfile, useFirmProfile } from '../api/firm-profile.ts';
import { FirmProfileForm } from '../components/firm-profile-form.tsx';
import { PortalSignInSettingsCard } from '../components/portal-sign-in-settings-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function FirmProfilePage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const profile = useFirmProfile();

  return (
    <Stack gap="lg">
      <PageTitle parts={['Firm profile', 'Settings']} />
      <div>
        <Title order={1}>Firm profile</Title>
        <Text c="dimmed">
          How your firm works: matter budgets, two-step sign-in, the fiscal year and the working week. Its name, logo, contact details,
          portal address, time zone, currencies and billing increment are under{' '}
          <Anchor component={Link} to="/settings" underline="always">
            Settings › General
          </Anchor>
          .
        </Text>
      </div>
      {profile.isPending ? (
        <LoadingSpinner label="Loading firm profile" />
      ) : !profile.data ? (
        <Alert color="red" role="alert">
          The firm profile could not be loaded.
        </Alert>
      ) : (
        <FirmProfileForm
          profile={profile.data}
          onSave={async (body) => {
            await updateFirmProfile(body);
            // The shell shows the firm's name, currency and multicurrency flag from the session profile.
            await session.reloadProfile();
            await queryClient.invalidateQueries({ queryKey: FIRM_PROFILE_KEY });
          }}
        />
      )}
      <PortalSignInSettingsCard />
    </Stack>
  );
}
