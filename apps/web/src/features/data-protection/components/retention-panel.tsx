import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { isoToDisplayDate, RETENTION_OUTCOME_LABELS, RETENTION_RECORD_TYPE_LABELS, type RetentionReview } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { approveReview, findReviewNow, retentionKeys, useRetentionReviews } from '../api/retention-reviews.ts';

export const RETENTION_INTRO =
  'Each month the app lists the clients past every retention period (nothing open, no financial record in 7 years, matters closed longer than your firm keeps their files) and the closed matters whose files are past their time. Nothing changes until an administrator approves: clients are then anonymised and the matters’ files go to the recycle bin.';

function ReviewTable({ review }: { review: RetentionReview }) {
  if (review.items.length === 0) return <Text>Nothing was due.</Text>;
  return (
    <Table striped aria-label={`Retention review ${review.period}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Record</Table.Th>
          <Table.Th>What happens</Table.Th>
          <Table.Th>Why it is due</Table.Th>
          <Table.Th>Outcome</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {review.items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{item.recordName}</Table.Td>
            <Table.Td>{RETENTION_RECORD_TYPE_LABELS[item.recordType]}</Table.Td>
            <Table.Td>{item.reason}</Table.Td>
            <Table.Td>{item.outcome ? RETENTION_OUTCOME_LABELS[item.outcome] : 'Waiting for approval'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The monthly retention reviews: what each found, and Approve for a pending one. */
export function RetentionPanel() {
  const reviews = useRetentionReviews();
  const queryClient = useQueryClient();
  const [approving, setApproving] = useState<RetentionReview | null>(null);
  const [isFinding, setFinding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: retentionKeys.all });
  const findNow = async () => {
    setFinding(true);
    try {
      await findReviewNow();
      await refresh();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setFinding(false);
    }
  };
  const list = reviews.data ?? [];
  return (
    <Stack gap="md" pt="md">
      <Text maw={820}>{RETENTION_INTRO}</Text>
      <Group>
        <Button variant="light" loading={isFinding} onClick={() => void findNow()}>
          Review this month now
        </Button>
      </Group>
      {reviews.data && list.length === 0 && <Text>No review yet: the first runs at the start of the month.</Text>}
      {list.map((review) => (
        <Stack key={review.id} gap="xs">
          <Group>
            <Title order={2} size="h4">
              Review of {review.period}
            </Title>
            <Badge variant="light" color={review.status === 'pending' ? 'orange' : 'green'}>
              {review.status === 'pending'
                ? 'Waiting for approval'
                : `Approved ${review.approvedAt ? isoToDisplayDate(review.approvedAt.slice(0, 10)) : ''}${review.approvedBy ? ` by ${review.approvedBy}` : ''}`}
            </Badge>
            {review.status === 'pending' && review.items.length > 0 && (
              <Button size="xs" onClick={() => setApproving(review)}>
                Approve review of {review.period}
              </Button>
            )}
          </Group>
          <ReviewTable review={review} />
        </Stack>
      ))}
      <ConfirmModal
        opened={approving !== null}
        title={`Approve the review of ${approving?.period ?? ''}?`}
        confirmLabel="Approve"
        onConfirm={async () => {
          await approveReview(approving!.id);
          await refresh();
        }}
        onClose={() => setApproving(null)}
      >
        <Text>
          The clients listed are anonymised for good and the matters’ files go to the recycle bin. A client that is no longer due (new work,
          money or an invoice since) is kept.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
