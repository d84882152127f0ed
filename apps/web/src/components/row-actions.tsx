import { Button, Group, Table, VisuallyHidden } from '@mantine/core';

export type RowActionsProps = {
  /** The record's name, read out in the buttons' labels ('Edit Research', 'Delete Research'). */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  editLabel?: string;
};

/** A table row's Edit and Delete buttons, each named after the record for screen readers. */
export function RowActions({ name, onEdit, onDelete, editLabel = 'Edit' }: RowActionsProps) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {onEdit && (
        <Button size="xs" variant="default" onClick={onEdit} aria-label={`${editLabel} ${name}`}>
          {editLabel}
        </Button>
      )}
      {onDelete && (
        <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      )}
    </Group>
  );
}

/** The header cell over a table's row actions: empty on screen, named for screen readers. */
export function ActionsHeader() {
  return (
    <Table.Th scope="col">
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
