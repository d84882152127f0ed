import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, REPORTS } from '@matterhorn/shared';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/** /reports: the reports this user may open, each with what it answers. */
export function ReportCentrePage() {
  const { permissions } = useSession();
  const reports = REPORTS.filter((report) => hasPermissions(permissions, [report.permission]));
  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={['Reports']} />
      <Title order={1}>Reports</Title>
      <Text c="dimmed">Every figure opens the entries behind it; every report states its formula and checks itself against the books.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {reports.map((report) => (
          <Card key={report.name} withBorder radius="md" component="li">
            <Anchor component={Link} to={`/reports/${report.name}`} fw={700}>
              {report.title}
            </Anchor>
            <Text size="sm" mt={4}>
              {report.summary}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
