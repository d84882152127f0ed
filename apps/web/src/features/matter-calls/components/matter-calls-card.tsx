import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, isoToDisplayDate } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { matterCallKeys, useMatterCalls } from '../api/matter-calls.ts';
import { LogCallForm } from './log-call-form.tsx';

/** The matter's calls, newest first, and "Log a call" (issue 44): under the matter's time, where calls become time. */
export function MatterCallsCard({ matterId, isMatterOpen }: { matterId: string; isMatterOpen: boolean }) {
  const { permissions } = useSession();
  const queryClient = useQueryClient();
  const calls = useMatterCalls(matterId);
  const [isLogging, setIsLogging] = useState(false);
  const canLog = isMatterOpen && hasPermissions(permissions, ['timeEntry.create']);
  const close = () => {
    setIsLogging(false);
    void queryClient.invalidateQueries({ queryKey: matterCallKeys.list(matterId) });
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="matter-calls-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="matter-calls-title">
            Calls
          </Title>
          {canLog && (
            <Button size="xs" onClick={() => setIsLogging(true)}>
              Log a call
            </Button>
          )}
        </Group>
        {calls.isPending ? (
          <LoadingSpinner />
        ) : !calls.data || calls.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {calls.data ? 'No calls logged on this matter.' : 'The calls could not be loaded.'}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {calls.data.map((call) => (
              <li key={call.id}>
                <Text size="sm" fw={500}>
                  {isoToDisplayDate(call.callDate)} · {call.withWhom} · {call.minutes} min
                </Text>
                {call.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {call.note}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  Logged by {call.loggedBy}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={isLogging} onClose={() => setIsLogging(false)} title="Log a call">
        <LogCallForm matterId={matterId} onDone={close} />
      </Modal>
    </Card>
  );
}
