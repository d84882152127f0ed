import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';

export function NotFoundPage() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" component="main">
      <PageTitle parts={['Page not found']} />
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </Stack>
  );
}
