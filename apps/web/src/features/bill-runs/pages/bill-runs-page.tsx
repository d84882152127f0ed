import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { countOf, formatMoneyIn, isoToDisplayDate, type BillRunFiltersInput, type BillRunPreview } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { billRunKeys, billRunsQuery, previewBillRun, startBillRun } from '../api/bill-runs-api.ts';
import { BillRunFiltersForm } from '../components/bill-run-filters-form.tsx';
import { BILL_RUN_RESULT_TEXT } from '../components/bill-run-results.tsx';

export const BILL_RUNS_TEXT = {
  title: 'Bill runs',
  intro:
    'Draft every invoice at once: pick matters by fee earner, practice area, billing type and unbilled work. Each client gets one invoice per matter, or one in all if they prefer; work already on a draft is never drafted twice.',
  previewTitle: 'This run would draft',
  pastRuns: 'Past runs',
  noRuns: 'No bill run yet.',
  nothing: 'No client or matter matches these filters with unbilled work.',
  run: (date: string) => `Run of ${date}`,
} as const;

function PreviewSummary({ preview }: { preview: BillRunPreview }) {
  if (preview.invoiceCount === 0) return <Text>{BILL_RUNS_TEXT.nothing}</Text>;
  return (
    <Paper withBorder p="md" radius="md" aria-live="polite">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {BILL_RUNS_TEXT.previewTitle}
        </Title>
        <Text fw={600}>
          {countOf(preview.invoiceCount, 'invoice')} for {countOf(preview.clientCount, 'client')} ({countOf(preview.matterCount, 'matter')}
          ), {formatMoneyIn(preview.unbilledAmount, preview.currencyCode)} unbilled
        </Text>
        <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
          {preview.targets.map((target) => (
            <Text component="li" size="sm" key={`${target.clientId}:${target.matterId ?? ''}`} style={{ overflowWrap: 'anywhere' }}>
              {target.clientName} · {target.matterName ?? BILL_RUN_RESULT_TEXT.allMatters(target.matterCount)} ·{' '}
              {formatMoneyIn(target.unbilledAmount, preview.currencyCode)}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function PastRuns() {
  const runs = useQuery(billRunsQuery);
  if (runs.isPending) return <LoadingSpinner />;
  if (!runs.data || runs.data.length === 0) return <Text size="sm">{BILL_RUNS_TEXT.noRuns}</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {runs.data.map((run) => (
        <Paper key={run.id} withBorder p="sm" radius="md" component="li">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Anchor component={Link} to={`/billing/bill-runs/${run.id}`} fw={500}>
                {BILL_RUNS_TEXT.run(isoToDisplayDate(run.createdAt.slice(0, 10)))}
              </Anchor>
              <Text size="sm" c="dimmed">
                {run.startedByName} · work up to {isoToDisplayDate(run.filters.workUpTo)}
              </Text>
            </Stack>
            <Group gap="xs">
              <Text size="sm">
                {run.draftedCount} drafted · {run.skippedCount} skipped · {run.done} of {run.total}
              </Text>
              <Badge variant="light" color={run.status === 'Finished' ? 'teal' : 'blue'}>
                {run.status}
              </Badge>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** /billing/bill-runs: the filters, what they would draft, Start, and the firm's past runs. */
export function BillRunsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { key, renew } = useIdempotencyKey();
  const [preview, setPreview] = useState<BillRunPreview | null>(null);
  const [isPreviewing, setPreviewing] = useState(false);
  const [isStarting, setStarting] = useState(false);

  const onPreview = async (filters: BillRunFiltersInput) => {
    setPreviewing(true);
    try {
      setPreview(await previewBillRun(filters));
    } catch {
      setPreview(null);
    } finally {
      setPreviewing(false);
    }
  };
  const onStart = async (filters: BillRunFiltersInput) => {
    setStarting(true);
    try {
      const run = await startBillRun(filters, key);
      renew();
      queryClient.setQueryData(billRunKeys.run(run.id), run);
      await queryClient.invalidateQueries({ queryKey: billRunKeys.list() });
      void navigate(`/billing/bill-runs/${run.id}`);
    } catch {
      // The error's toast says why; the filters stay for another try.
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="lg" maw={1200}>
      <PageTitle parts={[BILL_RUNS_TEXT.title]} />
      <Stack gap={4}>
        <Title order={1} size="h2">
          {BILL_RUNS_TEXT.title}
        </Title>
        <Text size="sm">{BILL_RUNS_TEXT.intro}</Text>
      </Stack>
      <BillRunFiltersForm
        isPreviewing={isPreviewing}
        isStarting={isStarting}
        onPreview={(filters) => void onPreview(filters)}
        onStart={(filters) => void onStart(filters)}
        onChange={() => setPreview(null)}
      />
      {preview && <PreviewSummary preview={preview} />}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {BILL_RUNS_TEXT.pastRuns}
        </Title>
        <PastRuns />
      </Stack>
    </Stack>
  );
}
