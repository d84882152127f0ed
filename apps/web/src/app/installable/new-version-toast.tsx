import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

export const NEW_VERSION_MESSAGE = 'A new version of Matterhorn is ready.';

/** Stays until acted on: reloading while a form is half written would throw the typing away. */
export function showNewVersionReady(reload: () => void): void {
  notifications.show({
    id: 'new-version-ready',
    title: 'Update',
    color: 'blue',
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    role: 'status',
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm">{NEW_VERSION_MESSAGE}</Text>
        <Button size="xs" onClick={reload}>
          Reload
        </Button>
      </Group>
    ),
  });
}
