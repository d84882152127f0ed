import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PROGRESS_NOTES_PATH } from '../utils/progress-note-display.ts';

export const NOT_FOUND_TITLE = 'Progress note not found';

/** Missing, deleted or another firm's note: the API answers 404 for all three. */
export function ProgressNoteNotFound() {
  return (
    <Stack gap="sm">
      <Title order={1}>{NOT_FOUND_TITLE}</Title>
      <Text>This progress note does not exist or was deleted.</Text>
      <Anchor component={Link} to={PROGRESS_NOTES_PATH}>
        Back to progress notes
      </Anchor>
    </Stack>
  );
}
