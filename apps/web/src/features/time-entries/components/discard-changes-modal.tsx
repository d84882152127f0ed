import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/app-modal.tsx';

export const DISCARD_MODAL = {
  title: 'Discard changes?',
  text: 'This time entry has changes that are not saved. If you close it now, they are lost.',
  keepEditing: 'Keep editing',
  discard: 'Discard changes',
} as const;

/** Asked before the popup closes over unsaved typing; Keep editing is the safe default. */
export function DiscardChangesModal({
  opened,
  onKeepEditing,
  onDiscard,
}: {
  opened: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}) {
  return (
    <AppModal opened={opened} onClose={onKeepEditing} title={DISCARD_MODAL.title} size="sm">
      <Stack gap="md">
        <Text size="sm">{DISCARD_MODAL.text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button color="red" variant="subtle" onClick={onDiscard}>
            {DISCARD_MODAL.discard}
          </Button>
          <Button onClick={onKeepEditing} data-autofocus>
            {DISCARD_MODAL.keepEditing}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
