import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from './app-modal.tsx';

export const DISCARD_CHANGES_TEXTS = {
  title: 'Discard changes?',
  text: 'What you typed here is not saved. If you close it now, it is lost.',
  discard: 'Discard',
  keepEditing: 'Keep editing',
} as const;

export type DiscardChangesModalProps = {
  opened: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
  /** What is lost, in the form's own words. */
  text?: string;
  /** The discarding button's text ('Discard' unless a form has long said otherwise). */
  discardLabel?: string;
};

/** Asked before unsaved typing is thrown away (a modal closed, a page left); Keep editing is the safe default. */
export function DiscardChangesModal({
  opened,
  onKeepEditing,
  onDiscard,
  text = DISCARD_CHANGES_TEXTS.text,
  discardLabel = DISCARD_CHANGES_TEXTS.discard,
}: DiscardChangesModalProps) {
  return (
    <AppModal opened={opened} onClose={onKeepEditing} title={DISCARD_CHANGES_TEXTS.title} size="sm">
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button color="red" variant="subtle" onClick={onDiscard}>
            {discardLabel}
          </Button>
          <Button onClick={onKeepEditing} data-autofocus>
            {DISCARD_CHANGES_TEXTS.keepEditing}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
