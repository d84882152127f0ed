import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../lib/session/session-context.ts';
import { clientReminderChoiceQuery, reminderKeys, setClientReminderChoice } from '../api/invoice-reminders-api.ts';

export const CLIENT_REMINDER_TEXT = {
  title: 'Invoice reminders',
  switch: 'Send this client invoice reminders',
  optedOut: 'The client asked for no reminders: none is sent to them.',
} as const;

/** On the client's overview: whether the firm's invoice reminders go to this client (staff who edit clients may change it). */
export function ClientReminderChoice({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const choice = useQuery(clientReminderChoiceQuery(clientId));
  const [busy, setBusy] = useState(false);
  if (!choice.data) return null;
  const isOptedOut = choice.data.isOptedOut;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={CLIENT_REMINDER_TEXT.title}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {CLIENT_REMINDER_TEXT.title}
        </Title>
        <Switch
          label={CLIENT_REMINDER_TEXT.switch}
          checked={!isOptedOut}
          disabled={busy || !hasPermissions(permissions, ['clientInfo.edit'])}
          onChange={(event) => {
            const wantsReminders = event.currentTarget.checked;
            setBusy(true);
            setClientReminderChoice(clientId, !wantsReminders)
              .then((answer) => queryClient.setQueryData(reminderKeys.client(clientId), answer))
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }}
        />
        {isOptedOut && (
          <Text size="sm" c="dimmed">
            {CLIENT_REMINDER_TEXT.optedOut}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
