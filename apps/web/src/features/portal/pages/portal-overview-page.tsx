import { Box, Button, Card, Group, Image, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { PortalMattersCard } from '../components/portal-matters-card.tsx';

export function PortalOverviewPage() {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const profile = session.portalProfile;
  const activeTab = searchParams.get('activeTab') ?? 'overview';

  return (
    <Box mih="100vh" bg="gray.0">
      <Group
        component="header"
        justify="space-between"
        px="lg"
        py="sm"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="sm">
          {profile?.firmLogo && <Image src={profile.firmLogo} alt={`${profile.firmName} logo`} h={40} w="auto" fit="contain" />}
          <Text fw={700} size="lg">
            {profile?.firmName ?? 'Client portal'}
          </Text>
        </Group>
        <Group gap="sm">
          {profile && (
            <Text size="sm" fw={500}>
              {profile.name}
            </Text>
          )}
          <Button variant="default" onClick={() => void session.logout()}>
            Logout
          </Button>
        </Group>
      </Group>
      <Stack component="main" p="lg" maw={960} mx="auto">
        <Tabs value={activeTab} onChange={(tab) => setSearchParams({ activeTab: tab ?? 'overview' })}>
          <Tabs.List>
            <Tabs.Tab value="overview">Overview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            <Stack>
              <Title order={1} size="h2">
                Welcome{profile ? `, ${profile.name}` : ''}
              </Title>
              <Card withBorder>
                <Stack gap={4}>
                  <Text fw={600}>Your details</Text>
                  <Text size="sm">Name: {profile?.name ?? '—'}</Text>
                  <Text size="sm">Email: {profile?.email ?? '—'}</Text>
                  <Text size="sm">Firm: {profile?.firmName ?? '—'}</Text>
                </Stack>
              </Card>
              <PortalMattersCard clientId={session.clientId} />
              <Text c="dimmed" size="sm">
                Your invoices and shared documents will appear here as your firm shares them.
              </Text>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Box>
  );
}
