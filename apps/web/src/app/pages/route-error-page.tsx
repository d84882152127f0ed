import { Button, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';

/** Shown when a route fails to load (for example a lazy chunk after a deploy). */
export function RouteErrorPage() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" component="main">
      <PageTitle parts={['Something went wrong']} />
      <Title order={1}>Something went wrong</Title>
      <Text c="dimmed">This page could not be loaded.</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}
