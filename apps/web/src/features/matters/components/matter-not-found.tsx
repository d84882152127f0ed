import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';

/** A missing, deleted or other firm's matter: all read the same, the tab's title too. */
export function MatterNotFound() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <PageTitle parts={['Matter not found', 'Matters']} />
      <Title order={1}>Matter not found</Title>
      <Text c="dimmed">This matter does not exist or has been deleted.</Text>
      <Anchor component={Link} to="/matter/matter-list">
        Back to matters
      </Anchor>
    </Stack>
  );
}
