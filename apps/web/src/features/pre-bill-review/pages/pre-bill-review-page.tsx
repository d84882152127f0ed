import { Anchor, Badge, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  formatMoney,
  hasPermissions,
  INVOICE_STATUS_LABELS,
  isoToDisplayDate,
  type BatchOutcome,
  type ReviewDraftSummary,
} from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { approveAndSend, heldItemsQuery, releaseHold, reviewDraftsQuery, reviewKeys } from '../api/pre-bill-review-api.ts';
import { BatchResults } from '../components/batch-results.tsx';

export const PRE_BILL_REVIEW_TEXT = {
  title: 'Pre-bill review',
  intro:
    'Draft invoices waiting to go out. Open one to write lines down or up, move, hold or correct them; then approve and send several at once.',
  mine: 'My matters',
  all: 'All drafts',
  none: 'No draft invoices are waiting for review.',
  noneMine: 'No drafts on your matters are waiting for review.',
  showAll: 'Show all drafts',
  cannotSend: 'Only someone who may edit and approve invoices can choose drafts to approve and send.',
  approveAndSend: 'Approve and send',
  held: 'Held for a later bill',
  noneHeld: 'Nothing is held.',
  release: 'Release',
  approvedNotSent: 'Approved, not sent',
} as const;

function DraftRow({
  draft,
  isChosen,
  canChoose,
  onChoose,
}: {
  draft: ReviewDraftSummary;
  isChosen: boolean;
  canChoose: boolean;
  onChoose: (chosen: boolean) => void;
}) {
  const name = `${draft.clientName} – ${formatMoney(draft.total, draft.currencySymbol)}`;
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {canChoose && (
          <Checkbox mt={4} checked={isChosen} onChange={(event) => onChoose(event.currentTarget.checked)} aria-label={`Choose ${name}`} />
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={`/billing/pre-bill-review/${draft.id}`} fw={500}>
                {draft.clientName}
              </Anchor>
              {draft.status !== 'Draft' && (
                <Badge variant="light" color={draft.status === 'Approved' ? 'teal' : 'yellow'}>
                  {draft.status === 'Approved' ? PRE_BILL_REVIEW_TEXT.approvedNotSent : INVOICE_STATUS_LABELS[draft.status]}
                </Badge>
              )}
            </Group>
            <Text fw={600}>{formatMoney(draft.total, draft.currencySymbol)}</Text>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {isoToDisplayDate(draft.issueDate)} · {draft.matters.join(', ') || 'No matter'}
            {draft.feeEarners.length > 0 ? ` · ${draft.feeEarners.join(', ')}` : ''}
          </Text>
          <Text size="sm" c={draft.flaggedLineCount > 0 ? 'orange.9' : undefined}>
            {`${draft.lineCount} line${draft.lineCount === 1 ? '' : 's'} · ${draft.flaggedLineCount} flagged`}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function HeldItems({ canRelease }: { canRelease: boolean }) {
  const queryClient = useQueryClient();
  const holds = useQuery(heldItemsQuery);
  if (holds.isPending) return <LoadingSpinner />;
  if (!holds.data || holds.data.length === 0) return <Text size="sm">{PRE_BILL_REVIEW_TEXT.noneHeld}</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {holds.data.map((hold) => (
        <Paper key={hold.id} withBorder p="sm" radius="md" component="li">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {hold.clientName} · {hold.matterName}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {hold.reason} — {hold.heldByName}, {isoToDisplayDate(hold.heldAt)}
              </Text>
            </Stack>
            {canRelease && (
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`${PRE_BILL_REVIEW_TEXT.release} ${hold.matterName}`}
                onClick={() =>
                  releaseHold(hold.id)
                    .then(() => queryClient.invalidateQueries({ queryKey: reviewKeys.all() }))
                    .catch(() => undefined)
                }
              >
                {PRE_BILL_REVIEW_TEXT.release}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function PreBillReviewPage() {
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const canSend = hasPermissions(permissions, ['invoice.approve', 'invoice.edit']);
  // Billing staff, who approve and send, open on every draft; a fee earner on their own matters.
  const [scope, setScope] = useState<'mine' | 'all'>(canSend ? 'all' : 'mine');
  const [chosen, setChosen] = useState<string[]>([]);
  const [isConfirming, setConfirming] = useState(false);
  const [results, setResults] = useState<BatchOutcome[] | null>(null);
  const drafts = useQuery(reviewDraftsQuery(scope));
  const choose = (id: string, isChosen: boolean) =>
    setChosen((previous) => (isChosen ? [...previous, id] : previous.filter((other) => other !== id)));
  const send = async () => {
    // One key per confirmed batch: a retry of the same request sends nothing twice.
    const results = await approveAndSend(chosen, `pre-bill-${crypto.randomUUID()}`);
    setResults(results);
    setChosen([]);
    setConfirming(false);
    await queryClient.invalidateQueries({ queryKey: reviewKeys.all() });
  };
  return (
    <Stack gap="md" p="md" maw={1100}>
      <PageTitle parts={[PRE_BILL_REVIEW_TEXT.title, 'Billing']} />
      <Title order={1} size="h2">
        {PRE_BILL_REVIEW_TEXT.title}
      </Title>
      <Text size="sm">{PRE_BILL_REVIEW_TEXT.intro}</Text>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label="Drafts shown"
          value={scope}
          onChange={(value) => {
            setScope(value as 'mine' | 'all');
            setChosen([]);
          }}
          data={[
            { value: 'mine', label: PRE_BILL_REVIEW_TEXT.mine },
            { value: 'all', label: PRE_BILL_REVIEW_TEXT.all },
          ]}
        />
        {canSend && (
          <Button disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
            {PRE_BILL_REVIEW_TEXT.approveAndSend} ({chosen.length})
          </Button>
        )}
      </Group>
      {results && <BatchResults results={results} />}
      {drafts.isPending ? (
        <LoadingSpinner />
      ) : drafts.data && drafts.data.length > 0 ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Drafts">
          {drafts.data.map((draft) => (
            <DraftRow
              key={draft.id}
              draft={draft}
              canChoose={canSend}
              isChosen={chosen.includes(draft.id)}
              onChoose={(isChosen) => choose(draft.id, isChosen)}
            />
          ))}
        </Stack>
      ) : scope === 'mine' ? (
        // Billing staff are on no matters of their own: "My matters" is empty while others' drafts wait.
        <Text>
          {PRE_BILL_REVIEW_TEXT.noneMine}{' '}
          <Anchor component="button" type="button" onClick={() => setScope('all')}>
            {PRE_BILL_REVIEW_TEXT.showAll}
          </Anchor>
        </Text>
      ) : (
        <Text>{PRE_BILL_REVIEW_TEXT.none}</Text>
      )}
      {!canSend && drafts.data && drafts.data.length > 0 && (
        <Text size="sm" c="dimmed">
          {PRE_BILL_REVIEW_TEXT.cannotSend}
        </Text>
      )}
      <Title order={2} size="h3">
        {PRE_BILL_REVIEW_TEXT.held}
      </Title>
      <HeldItems canRelease={hasPermissions(permissions, ['invoice.edit'])} />
      <ConfirmModal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title={PRE_BILL_REVIEW_TEXT.approveAndSend}
        confirmLabel={PRE_BILL_REVIEW_TEXT.approveAndSend}
        onConfirm={send}
      >
        <Text size="sm">{`Approve ${chosen.length} draft${chosen.length === 1 ? '' : 's'} and email each to its client?`}</Text>
      </ConfirmModal>
    </Stack>
  );
}
