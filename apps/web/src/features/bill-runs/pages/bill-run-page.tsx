import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { isoToDisplayDate } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { billRunQuery } from '../api/bill-runs-api.ts';
import { BillRunProgress, BillRunResults } from '../components/bill-run-results.tsx';

export const BILL_RUN_TEXT = {
  title: 'Bill run',
  back: 'All bill runs',
  notFound: 'This bill run was not found.',
  results: 'Results',
} as const;

/** /billing/bill-runs/:id: the run's progress (asked again while it runs) and its results. */
export function BillRunPage() {
  const { id = '' } = useParams();
  const run = useQuery(billRunQuery(id));
  if (run.isPending) return <LoadingSpinner />;
  if (!run.data) return <Text>{BILL_RUN_TEXT.notFound}</Text>;
  const detail = run.data;
  return (
    <Stack gap="lg" maw={1200}>
      <PageTitle parts={[BILL_RUN_TEXT.title]} />
      <Anchor component={Link} to="/billing/bill-runs" size="sm">
        {BILL_RUN_TEXT.back}
      </Anchor>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          {BILL_RUN_TEXT.title} of {isoToDisplayDate(detail.createdAt.slice(0, 10))}
        </Title>
        <Badge variant="light" color={detail.status === 'Finished' ? 'teal' : 'blue'}>
          {detail.status}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Started by {detail.startedByName} · work up to {isoToDisplayDate(detail.filters.workUpTo)}
      </Text>
      <BillRunProgress run={detail} />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {BILL_RUN_TEXT.results}
        </Title>
        <BillRunResults run={detail} />
      </Stack>
    </Stack>
  );
}
