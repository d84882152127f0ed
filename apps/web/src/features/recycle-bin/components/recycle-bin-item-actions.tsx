import { Button, Group } from '@mantine/core';
import type { RecycleBinEntry } from '@matterhorn/shared';

export type RecycleBinItemActionsProps = {
  entry: RecycleBinEntry;
  /** While its restore runs the button is disabled and spins. */
  isRestoring: boolean;
  onRestore: (entry: RecycleBinEntry) => void;
  /** Only for members who may delete for good (recycleBin.delete). */
  onPurge?: ((entry: RecycleBinEntry) => void) | undefined;
};

/** Restore and Delete permanently, each named after the record (its visible words first, for speech input). */
export function RecycleBinItemActions({ entry, isRestoring, onRestore, onPurge }: RecycleBinItemActionsProps) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button size="xs" variant="light" loading={isRestoring} onClick={() => onRestore(entry)} aria-label={`Restore: ${entry.name}`}>
        Restore
      </Button>
      {onPurge && (
        <Button
          size="xs"
          variant="light"
          color="red"
          disabled={isRestoring}
          onClick={() => onPurge(entry)}
          aria-label={`Delete permanently: ${entry.name}`}
        >
          Delete permanently
        </Button>
      )}
    </Group>
  );
}
