import { Card, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PORTAL_SIGN_IN_SETTINGS_KEY, updatePortalSignInSettings, usePortalSignInSettings } from '../api/portal-sign-in-settings.ts';

export const REQUIRE_TOTP_LABEL = 'Require two-step sign-in (authenticator app) for portal users';

/** Beside the portal address: whether the firm's clients must also give an authenticator code. */
export function PortalSignInSettingsCard() {
  const queryClient = useQueryClient();
  const settings = usePortalSignInSettings();
  const [isSaving, setIsSaving] = useState(false);

  const toggle = async (requiresTotp: boolean) => {
    setIsSaving(true);
    try {
      queryClient.setQueryData(PORTAL_SIGN_IN_SETTINGS_KEY, await updatePortalSignInSettings({ requiresTotp }));
    } catch {
      // The API client has shown the error.
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="portal-sign-in-title">
      <Title order={2} size="h4" id="portal-sign-in-title" mb="xs">
        Client portal sign-in
      </Title>
      <Switch
        label={REQUIRE_TOTP_LABEL}
        description="Portal users set up an authenticator app at their next sign-in, then enter its 6-digit code every time."
        checked={settings.data?.requiresTotp ?? false}
        disabled={!settings.data || isSaving}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      {settings.isError && (
        <Text size="sm" c="red" mt="xs">
          The portal sign-in setting could not be loaded.
        </Text>
      )}
    </Card>
  );
}
