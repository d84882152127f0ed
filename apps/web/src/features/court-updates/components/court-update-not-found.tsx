import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { COURT_UPDATES_LIST_PATH } from '../utils/court-update-display.ts';

/** A missing, deleted or another firm's court update (the API answers 404 for all three). */
export function CourtUpdateNotFound() {
  return (
    <Stack gap="sm">
      <Title order={1}>Court update not found</Title>
      <Text>This court update does not exist or was deleted.</Text>
      <Anchor component={Link} to={COURT_UPDATES_LIST_PATH}>
        Back to court updates
      </Anchor>
    </Stack>
  );
}
