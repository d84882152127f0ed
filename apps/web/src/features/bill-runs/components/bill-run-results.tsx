import { Anchor, Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { BILL_RUN_SKIP_REASONS, countOf, formatMoneyIn, type BillRunDetail, type BillRunResult } from '@matterhorn/shared';
import { Link } from 'react-router';

export const BILL_RUN_RESULT_TEXT = {
  progress: 'Bill run progress',
  drafted: 'Drafted',
  skipped: 'Skipped',
  pending: 'Waiting',
  draftInvoice: 'Draft invoice',
  allMatters: (count: number) => `${countOf(count, 'matter')}, one invoice`,
} as const;

/** The run's progress: done of total, as a bar with its numbers in words. */
export function BillRunProgress({ run }: { run: Pick<BillRunDetail, 'done' | 'total' | 'draftedCount' | 'skippedCount' | 'status'> }) {
  const percent = run.total === 0 ? 100 : Math.round((run.done / run.total) * 100);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={BILL_RUN_RESULT_TEXT.progress} size="lg" animated={run.status === 'Running'} />
      <Text size="sm">
        {run.done} of {run.total} done · {run.draftedCount} drafted · {run.skippedCount} skipped
      </Text>
    </Stack>
  );
}

function ResultRow({ result, currencyCode }: { result: BillRunResult; currencyCode: string }) {
  const what = result.matterName ?? BILL_RUN_RESULT_TEXT.allMatters(result.matterCount);
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={`${result.clientName}: ${what}`}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {result.clientName}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {what} · {countOf(result.itemCount, 'item')} · {formatMoneyIn(result.unbilledAmount, currencyCode)} unbilled
          </Text>
          {result.outcome === 'Skipped' && result.skipReason && <Text size="sm">{BILL_RUN_SKIP_REASONS[result.skipReason]}</Text>}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Badge color={result.outcome === 'Drafted' ? 'teal' : result.outcome === 'Skipped' ? 'gray' : 'blue'} variant="light">
            {result.outcome === 'Drafted'
              ? BILL_RUN_RESULT_TEXT.drafted
              : result.outcome === 'Skipped'
                ? BILL_RUN_RESULT_TEXT.skipped
                : BILL_RUN_RESULT_TEXT.pending}
          </Badge>
          {result.invoiceId && (
            <Anchor component={Link} to={`/billing/invoices/${result.invoiceId}`} size="sm">
              {result.invoiceNumber ?? BILL_RUN_RESULT_TEXT.draftInvoice}
              {result.invoiceTotal ? ` · ${formatMoneyIn(result.invoiceTotal, currencyCode)}` : ''}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** One row per client or matter: drafted with a link to its invoice, or skipped with the reason. */
export function BillRunResults({ run }: { run: BillRunDetail }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {run.results.map((result) => (
        <ResultRow key={result.id} result={result} currencyCode={run.currencyCode} />
      ))}
    </Stack>
  );
}
