import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A missing, deleted or other firm's matter: all read the same. */
export function MatterNotFound() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Title order={1}>Matter not found</Title>
      <Text c="dimmed">This matter does not exist or has been deleted.</Text>
      <Anchor component={Link} to="/matter/matter-list">
        Back to matters
      </Anchor>
    </Stack>
  );
}
