import { Button, Stack, Text, Title } from '@mantine/core';
import { SPEC_MESSAGES } from '@matterhorn/shared';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';

/** SPEC.md §2: shown when a page's required permissions are not met. */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <PageTitle parts={['Unauthorized Error!']} />
      <Title order={1}>Unauthorized Error!</Title>
      <Text size="lg" fw={600}>
        Oops, seems you&apos;ve lost your way!
      </Text>
      <Text c="dimmed">{SPEC_MESSAGES.noPermission}</Text>
      <Button onClick={() => navigate(-1)}>Go Back</Button>
    </Stack>
  );
}
