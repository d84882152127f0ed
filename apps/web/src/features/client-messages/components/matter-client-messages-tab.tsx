import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { hasPermissions, type ClientMessage, type ClientMessageStatus } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { clientMessageKeys, matterClientMessagesQuery, retryClientMessage } from '../api/client-messages-api.ts';

export const MATTER_CLIENT_MESSAGES_TEXT = {
  title: 'SMS and WhatsApp to the client',
  empty: 'No SMS or WhatsApp message has gone to the client about this matter yet.',
  unreadable: 'The messages could not be loaded.',
  retry: 'Retry',
  intro: 'Updates go to the client’s contacts who opted in (on the client’s page). Each says only that something waits, and where.',
} as const;

const STATUS_COLOUR: Record<ClientMessageStatus, string> = {
  queued: 'gray',
  sent: 'blue',
  delivered: 'green',
  undelivered: 'orange',
  failed: 'red',
};
const CHANNEL_LABEL = { sms: 'SMS', whatsapp: 'WhatsApp' } as const;
const templateLabel = (key: string) => key.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase());
export const isRetryable = (message: ClientMessage) => message.status === 'failed' || message.status === 'undelivered';

function StatusBadge({ status }: { status: ClientMessageStatus }) {
  return (
    <Badge color={STATUS_COLOUR[status]} variant="light">
      {status}
    </Badge>
  );
}

/**
 * The matter's log of SMS and WhatsApp client updates: channel, number, which update, the
 * provider's delivery status, attempts and the last error, with Retry on a failed or undelivered
 * one for those who may edit clients. A table on a wide screen, a card per message on a phone.
 */
export function MatterClientMessagesTab({ matterId }: { matterId: string }) {
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const canRetry = hasPermissions(permissions, ['clientInfo.edit']);
  const log = useQuery(matterClientMessagesQuery(matterId));
  const [retrying, setRetrying] = useState<string | null>(null);

  const retry = (message: ClientMessage) => {
    setRetrying(message.id);
    retryClientMessage(message.id)
      .then(() => queryClient.invalidateQueries({ queryKey: clientMessageKeys.matterLog(matterId) }))
      .catch(() => undefined)
      .finally(() => setRetrying(null));
  };
  const retryButton = (message: ClientMessage) =>
    canRetry && isRetryable(message) ? (
      <Button
        size="xs"
        variant="light"
        loading={retrying === message.id}
        onClick={() => retry(message)}
        aria-label={`${MATTER_CLIENT_MESSAGES_TEXT.retry} the ${CHANNEL_LABEL[message.channel]} to ${message.to}`}
      >
        {MATTER_CLIENT_MESSAGES_TEXT.retry}
      </Button>
    ) : null;

  if (log.isPending) return <LoadingSpinner />;
  if (log.isError) return <Alert color="red">{MATTER_CLIENT_MESSAGES_TEXT.unreadable}</Alert>;
  const messages = log.data.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="matter-client-messages-title">
      <Title order={2} size="h4" id="matter-client-messages-title">
        {MATTER_CLIENT_MESSAGES_TEXT.title}
      </Title>
      <Text size="sm" c="dimmed">
        {MATTER_CLIENT_MESSAGES_TEXT.intro}
      </Text>
      {messages.length === 0 ? (
        <Text>{MATTER_CLIENT_MESSAGES_TEXT.empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720} visibleFrom="sm">
            <Table striped aria-labelledby="matter-client-messages-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Queued</Table.Th>
                  <Table.Th scope="col">Channel</Table.Th>
                  <Table.Th scope="col">To</Table.Th>
                  <Table.Th scope="col">Update</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Attempts</Table.Th>
                  <Table.Th scope="col">Last error</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.map((message) => (
                  <Table.Tr key={message.id}>
                    <Table.Td>{displayDateTime(message.createdAt)}</Table.Td>
                    <Table.Td>{CHANNEL_LABEL[message.channel]}</Table.Td>
                    <Table.Td>{message.to}</Table.Td>
                    <Table.Td>{templateLabel(message.templateKey)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={message.status} />
                    </Table.Td>
                    <Table.Td>{message.attempts}</Table.Td>
                    <Table.Td>{message.lastError ?? ''}</Table.Td>
                    <Table.Td>{retryButton(message)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Messages">
            {messages.map((message) => (
              <Paper key={message.id} withBorder p="sm" radius="md" component="li">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={600}>
                      {templateLabel(message.templateKey)} · {CHANNEL_LABEL[message.channel]}
                    </Text>
                    <Text size="sm">To {message.to}</Text>
                    <Text size="sm" c="dimmed">
                      {displayDateTime(message.createdAt)} · {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
                    </Text>
                    {message.lastError && <Text size="sm">{message.lastError}</Text>}
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <StatusBadge status={message.status} />
                    {retryButton(message)}
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
