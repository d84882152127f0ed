import { ActionIcon, Group } from '@mantine/core';
import { Link } from 'react-router';

/**
 * Outline icons drawn inline: importing icon components would split the shell's shared code into
 * more chunks and add to every page's first visit.
 */
function Outline({ path }: { path: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

const EYE = 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6';
const PENCIL = 'M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4M13.5 6.5l4 4';
const BIN = 'M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3';

export type RowIconActionsProps = {
  /** The record's name, read out in the buttons' labels ('Edit time entry 05/03/2024 Acme v Beta'). */
  name: string;
  /** Where View leads; without it there is no View. */
  viewTo?: string | undefined;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
};

/**
 * A table row's View, Edit and Delete as icon buttons, each named after the record (its word in a
 * tooltip): a third of the width of worded buttons, so a list with many columns keeps them in view.
 */
export function RowIconActions({ name, viewTo, onEdit, onDelete }: RowIconActionsProps) {
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {viewTo !== undefined && (
        <ActionIcon component={Link} to={viewTo} variant="default" aria-label={`View ${name}`} title="View">
          <Outline path={EYE} />
        </ActionIcon>
      )}
      {onEdit && (
        <ActionIcon variant="default" onClick={onEdit} aria-label={`Edit ${name}`} title="Edit">
          <Outline path={PENCIL} />
        </ActionIcon>
      )}
      {onDelete && (
        <ActionIcon variant="light" color="red" onClick={onDelete} aria-label={`Delete ${name}`} title="Delete">
          <Outline path={BIN} />
        </ActionIcon>
      )}
    </Group>
  );
}
