import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../../../lib/session/session-context.ts';
import { NotificationsCard } from '../components/notifications-card.tsx';
import { PasskeysCard } from '../components/passkeys-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { SignInEmailCard } from '../components/sign-in-email-card.tsx';
import { SignedInDevicesCard } from '../components/signed-in-devices-card.tsx';
import { TwoStepCard } from '../components/two-step-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/** /settings/my-account: the signed-in user's own settings, open to every firm user; other features' cards come as `moreCards`. */
export function MyAccountPage({ moreCards }: { moreCards?: ReactNode }) {
  const { profile } = useSession();
  return (
    <Stack gap="lg">
      <PageTitle parts={['My account', 'Settings']} />
      <div>
        <Title order={1}>My account</Title>
        <Text c="dimmed">{profile ? `Signed in as ${profile.name} (${profile.email}).` : 'How you sign in to Matterhorn.'}</Text>
      </div>
      <ProfileCard />
      <SignInEmailCard />
      <PasswordCard />
      <TwoStepCard />
      <PasskeysCard />
      <SignedInDevicesCard />
      <NotificationsCard />
      {moreCards}
    </Stack>
  );
}
