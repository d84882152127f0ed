import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney, hasPermissions, isoToDisplayDate, type InvoiceLine, type ReviewDraft } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { approveDraft, reviewDraftQuery, reviewKeys } from '../api/pre-bill-review-api.ts';
import { LINE_ACTION_MODALS, type LineAction } from '../components/line-action-modals.tsx';
import { ReviewLineCard } from '../components/review-line-card.tsx';

export const REVIEW_DRAFT_TEXT = {
  back: 'Back to pre-bill review',
  approve: 'Approve draft',
  approved: 'Approved: it can be sent from the review list or its invoice page.',
  viewInvoice: 'Open invoice',
} as const;

function DraftView({ draft }: { draft: ReviewDraft }) {
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const { invoice, flags } = draft;
  const [open, setOpen] = useState<{ action: LineAction; line: InvoiceLine } | null>(null);
  const [approving, setApproving] = useState(false);
  const isDraft = invoice.status === 'Draft';
  const canEdit = isDraft && hasPermissions(permissions, ['invoice.edit']);
  const canApprove = isDraft && hasPermissions(permissions, ['invoice.approve']);
  const lines = [...invoice.fees, ...invoice.expenses, ...invoice.flatFees];
  const flagged = lines.filter((line) => (flags[line.id] ?? []).length > 0).length;
  const refresh = (next: ReviewDraft) => {
    queryClient.setQueryData(reviewKeys.draft(invoice.id), next);
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all(), predicate: (query) => query.queryKey[1] !== 'draft' });
  };
  const Modal = open ? LINE_ACTION_MODALS[open.action] : null;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Client
            </Text>
            <Text fw={500}>{invoice.clientName}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Invoice date
            </Text>
            <Text>{isoToDisplayDate(invoice.issueDate)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Status
            </Text>
            <Badge variant="light">{invoice.statusLabel}</Badge>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Total
            </Text>
            <Text fw={600}>{formatMoney(invoice.totals.total, invoice.currencySymbol)}</Text>
          </Stack>
        </SimpleGrid>
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {lines.length} line{lines.length === 1 ? '' : 's'} · {flagged} flagged by the narrative check (older than {draft.staleWorkDays}{' '}
          days counts as old)
        </Text>
        <Group gap="xs">
          <Anchor component={Link} to={`/billing/invoices/${invoice.id}`} size="sm">
            {REVIEW_DRAFT_TEXT.viewInvoice}
          </Anchor>
          {canApprove && (
            <Button
              loading={approving}
              onClick={() => {
                setApproving(true);
                approveDraft(invoice.id)
                  .then(() => queryClient.invalidateQueries({ queryKey: reviewKeys.all() }))
                  .catch(() => undefined)
                  .finally(() => setApproving(false));
              }}
            >
              {REVIEW_DRAFT_TEXT.approve}
            </Button>
          )}
        </Group>
      </Group>
      {!isDraft && <Alert color="green">{REVIEW_DRAFT_TEXT.approved}</Alert>}
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Lines">
        {lines.map((line) => (
          <ReviewLineCard
            key={line.id}
            line={line}
            flags={flags[line.id] ?? []}
            symbol={invoice.currencySymbol}
            canEdit={canEdit}
            onAction={(action) => setOpen({ action, line })}
          />
        ))}
      </Stack>
      {Modal && open && (
        <Modal
          invoiceId={invoice.id}
          line={open.line}
          draft={draft}
          onClose={() => setOpen(null)}
          onDone={(next) => {
            setOpen(null);
            refresh(next);
          }}
        />
      )}
    </Stack>
  );
}

export function ReviewDraftPage() {
  const { invoiceId = '' } = useParams();
  const draft = useQuery(reviewDraftQuery(invoiceId));
  return (
    <Stack gap="md" p="md" maw={1100}>
      <PageTitle parts={['Review draft', draft.data?.invoice.clientName, 'Pre-bill review']} />
      <Anchor component={Link} to="/billing/pre-bill-review" size="sm">
        {REVIEW_DRAFT_TEXT.back}
      </Anchor>
      <Title order={1} size="h2">
        Review draft{draft.data ? `: ${draft.data.invoice.clientName}` : ''}
      </Title>
      {draft.isPending ? <LoadingSpinner /> : draft.data ? <DraftView draft={draft.data} /> : <Text>This draft could not be loaded.</Text>}
    </Stack>
  );
}
