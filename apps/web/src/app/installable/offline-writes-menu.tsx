import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { timeEntryPopup } from '../../lib/app-state/time-entry-popup-state.ts';
import { offlineWrites, type OfflineWrite } from '../../lib/offline/offline-writes.ts';
import { OFFLINE_WRITE_PARAM, useOfflineWrites } from '../../lib/offline/use-offline-writes.ts';
import { useSendOfflineWrites } from './offline-support.tsx';

export const WAITING_TO_SEND = 'Waiting to send';

/** Where Edit opens a kept write: its own form, on its values. */
function editPathOf(write: OfflineWrite): string | null {
  if (write.kind === 'courtUpdate') return `/progress-update/add-progress-update?iscourtupdate=true&${OFFLINE_WRITE_PARAM}=${write.key}`;
  if (write.kind === 'progressNote') return `/progress-update/add-progress-update?${OFFLINE_WRITE_PARAM}=${write.key}`;
  return null;
}

/**
 * The top bar's count of what this person wrote offline: "Waiting to send (2)", or what the server
 * refused to resolve. Opened, it lists each write; a refused one shows the server's message with
 * Edit (its form, on its values) and Discard.
 */
export function OfflineWritesMenu() {
  const writes = useOfflineWrites();
  const navigate = useNavigate();
  const send = useSendOfflineWrites();
  if (writes.length === 0) return null;
  const refused = writes.filter((write) => write.state === 'refused').length;
  const edit = (write: OfflineWrite) => {
    const path = editPathOf(write);
    if (path) navigate(path);
    else timeEntryPopup.open({ kept: { key: write.key, values: write.formValues } });
  };
  return (
    <Popover position="bottom-end" width={340} withArrow shadow="md">
      <Popover.Target>
        <Button size="xs" variant="light" color={refused > 0 ? 'red' : 'yellow'}>
          {refused > 0 ? `${refused} not sent: to resolve` : `${WAITING_TO_SEND} (${writes.length})`}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Saved on this device">
          {writes.map((write) => (
            <Stack key={write.key} gap={4} component="li">
              <Text size="sm" fw={500}>
                {write.summary}
              </Text>
              {write.state === 'waiting' ? (
                <Text size="xs" c="dimmed">
                  {WAITING_TO_SEND}
                </Text>
              ) : (
                <>
                  <Text size="xs" c="red" role="alert">
                    Not sent: {write.refusal}
                  </Text>
                  <Group gap="xs">
                    <Button size="compact-xs" variant="default" onClick={() => edit(write)}>
                      Edit
                    </Button>
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => void offlineWrites.forget(write.key)}>
                      Discard
                    </Button>
                  </Group>
                </>
              )}
            </Stack>
          ))}
        </Stack>
        {writes.length > refused && (
          <Button mt="sm" size="xs" fullWidth variant="light" onClick={() => void send()}>
            Send now
          </Button>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
