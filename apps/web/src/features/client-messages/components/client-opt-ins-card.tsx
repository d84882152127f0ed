import { Divider, List, Paper, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, type ClientOptIns } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { clientMessageKeys, clientOptInsQuery, setClientOptIns } from '../api/client-messages-api.ts';
import { OptInFields } from '../../../components/message-opt-in-fields.tsx';

export const CLIENT_OPT_INS_TEXT = {
  title: 'SMS and WhatsApp updates',
  intro: 'Hearing reminders, court dates, invoices and new messages go by SMS or WhatsApp only to those who opted in.',
  history: 'Changes',
} as const;

const channelName = { sms: 'SMS', whatsapp: 'WhatsApp' } as const;

/** On the client's overview: each contact's SMS and WhatsApp opt-ins (staff who edit clients record them) and every change. */
export function ClientOptInsCard({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const optIns = useQuery(clientOptInsQuery(clientId));
  if (!optIns.data) return null;
  const canEdit = hasPermissions(permissions, ['clientInfo.edit']);
  const { recipients, changes } = optIns.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="client-opt-ins-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="client-opt-ins-title">
          {CLIENT_OPT_INS_TEXT.title}
        </Title>
        <Text size="sm" c="dimmed">
          {CLIENT_OPT_INS_TEXT.intro}
        </Text>
        {recipients.map((recipient, index) => (
          <Fragment
            key={`${recipient.clientContactId ?? 'client'}-${recipient.sms?.recordedAt ?? ''}-${recipient.whatsapp?.recordedAt ?? ''}`}
          >
            {index > 0 && <Divider />}
            <OptInFields
              recipient={recipient}
              label={recipient.clientContactId ? recipient.name : `${recipient.name} (the client)`}
              canEdit={canEdit}
              onSave={(choice) =>
                setClientOptIns({ clientId, clientContactId: recipient.clientContactId, ...choice }).then((answer: ClientOptIns) =>
                  queryClient.setQueryData(clientMessageKeys.optIns(clientId), answer),
                )
              }
            />
          </Fragment>
        ))}
        {changes.length > 0 && (
          <details>
            <summary>
              <Text component="span" size="sm" fw={500}>
                {CLIENT_OPT_INS_TEXT.history} ({changes.length})
              </Text>
            </summary>
            <List size="sm" spacing={4} mt="xs">
              {changes.map((change) => (
                <List.Item key={change.id}>
                  {displayDateTime(change.recordedAt)}: {change.name} {change.isOptedIn ? 'in' : 'out'} for {channelName[change.channel]}
                  {change.phoneNumber ? ` (${change.phoneNumber})` : ''}, by {change.recordedByName}
                  {change.recordedBy === 'client' ? ' on the portal' : ''}
                </List.Item>
              ))}
            </List>
          </details>
        )}
      </Stack>
    </Paper>
  );
}
