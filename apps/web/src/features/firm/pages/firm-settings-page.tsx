import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { currenciesQuery } from '../../../lib/lookups/currencies.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { FIRM_SETTINGS_KEY, updateFirmSettings, useFirmSettings } from '../api/firm-settings.ts';
import { FirmSettingsForm } from '../components/firm-settings-form.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/** /settings: Settings › General, the firm's profile, regional, invoicing, trust, sign-in and retention rules on one page. */
export function FirmSettingsPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const settings = useFirmSettings();
  const currencies = useQuery(currenciesQuery);

  return (
    <Stack gap="lg">
      <PageTitle parts={['General', 'Settings']} />
      <div>
        <Title order={1}>General</Title>
        <Text c="dimmed">Your firm’s details, invoicing, trust and sign-in rules. Change what you need and save once.</Text>
      </div>
      {settings.isPending || currencies.isPending ? (
        <LoadingSpinner label="Loading settings" />
      ) : !settings.data ? (
        <Alert color="red" role="alert">
          The settings could not be loaded.
        </Alert>
      ) : (
        <FirmSettingsForm
          settings={settings.data}
          currencies={currencies.data ?? []}
          currencySymbol={session.workingUser?.currency ?? ''}
          onSave={async (body) => {
            const saved = await updateFirmSettings(body);
            queryClient.setQueryData(FIRM_SETTINGS_KEY, saved);
            // Other pages' forms start from their cached answer (firm profile, invoice and trust
            // settings): forget what is not on screen, so none opens with, and saves back, old values.
            queryClient.removeQueries({ type: 'inactive' });
            // The shell shows the firm's name, currency and multicurrency flag from the session profile.
            await session.reloadProfile();
            return saved;
          }}
        />
      )}
    </Stack>
  );
}
