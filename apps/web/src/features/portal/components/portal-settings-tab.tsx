import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OptInFields } from '../../../components/message-opt-in-fields.tsx';
import { portalMessagePreferencesQuery, savePortalMessagePreferences } from '../api/portal-message-preferences-api.ts';
import { PortalPrivacyNoticeCard } from './portal-privacy-notice-gate.tsx';

export const PORTAL_SETTINGS_TEXT = {
  title: 'Text messages from your firm',
  intro:
    'Choose whether your firm may tell you by SMS or WhatsApp when something waits for you here: a hearing tomorrow, a new court date, an invoice, a request for funds or a new message. The messages never say more than that, and where to look.',
  unreadable: 'Your preferences could not be loaded.',
} as const;

/** The portal's Settings tab: the client's own SMS and WhatsApp choices, and the firm's privacy notice. */
export function PortalSettingsTab() {
  return (
    <Stack>
      <MessagePreferences />
      <PortalPrivacyNoticeCard />
    </Stack>
  );
}

function MessagePreferences() {
  const queryClient = useQueryClient();
  const preferences = useQuery(portalMessagePreferencesQuery);
  if (preferences.isPending) return <LoadingSpinner />;
  if (preferences.isError) return <Alert color="red">{PORTAL_SETTINGS_TEXT.unreadable}</Alert>;
  return (
    <Card withBorder component="section" aria-labelledby="portal-message-preferences">
      <Stack gap="sm">
        <Title order={2} size="h4" id="portal-message-preferences">
          {PORTAL_SETTINGS_TEXT.title}
        </Title>
        <Text size="sm">{PORTAL_SETTINGS_TEXT.intro}</Text>
        <OptInFields
          key={`${preferences.data.sms?.recordedAt ?? ''}-${preferences.data.whatsapp?.recordedAt ?? ''}`}
          recipient={preferences.data}
          label={preferences.data.name}
          canEdit
          onSave={(choice) =>
            savePortalMessagePreferences(choice).then((answer) => queryClient.setQueryData(portalMessagePreferencesQuery.queryKey, answer))
          }
        />
      </Stack>
    </Card>
  );
}
