import { Stack, Text, Title } from '@mantine/core';

export const COMING_SOON_TEXT = 'This module is coming soon.';

/** A later module's page: its title and an honest note, inside the real shell and guard. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{COMING_SOON_TEXT}</Text>
    </Stack>
  );
}

/** A public page (invoice or trust request link) shown without the firm shell. */
export function PublicComingSoonPage({ title }: { title: string }) {
  return (
    <Stack gap="sm" align="center" py="xl" ta="center" component="main">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{COMING_SOON_TEXT}</Text>
    </Stack>
  );
}
