import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BatchOutcome } from '@matterhorn/shared';

const OUTCOME: Record<BatchOutcome['outcome'], { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'green' },
  alreadySent: { label: 'Already sent', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

/** What the batch did to each invoice, in the order chosen. */
export function BatchResults({ results }: { results: readonly BatchOutcome[] }) {
  const sent = results.filter((result) => result.outcome === 'sent').length;
  return (
    <Paper withBorder p="md" radius="md" role="status" aria-live="polite">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Approve and send: {sent} of {results.length} sent
        </Title>
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {results.map((result) => (
            <Group component="li" key={result.invoiceId} gap="xs" wrap="nowrap" align="flex-start">
              <Badge color={OUTCOME[result.outcome].color} variant="light" style={{ flexShrink: 0 }}>
                {OUTCOME[result.outcome].label}
              </Badge>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {[result.invoiceNumber, result.clientName].filter(Boolean).join(' · ') || 'Invoice'}: {result.message}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
