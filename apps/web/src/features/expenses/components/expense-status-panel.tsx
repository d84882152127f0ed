import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, type Expense } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { approveExpense, expenseKeys } from '../api/expense-api.ts';
import { formatDateTime, formatExpenseDate } from '../utils/expense-display.ts';
import { ApprovalBadge, PaymentBadge } from './expense-badges.tsx';

// The decision forms (react-hook-form, the date field) load when a decision is first made.
const RejectExpenseModal = lazy(async () => ({ default: (await import('./expense-decision-modals.tsx')).RejectExpenseModal }));
const MarkPaidModal = lazy(async () => ({ default: (await import('./expense-decision-modals.tsx')).MarkPaidModal }));

/** Who may decide: those who may edit expenses (the server enforces it, and refuses one's own request). */
export const APPROVER_PERMISSION = 'expensePermission.edit';

export function isOwnExpense(expense: Pick<Expense, 'addedByUserId'>, user: { id: string; profileId: string } | null): boolean {
  return user !== null && (expense.addedByUserId === user.id || expense.addedByUserId === user.profileId);
}

function Figure({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** An expense's approval history and payment, with Approve, Reject and Mark paid for those allowed. */
export function ExpenseStatusPanel({ expense }: { expense: Expense }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const [isApproving, setIsApproving] = useState(false);
  const canDecide = hasPermissions(session.permissions, [APPROVER_PERMISSION]) && !isOwnExpense(expense, session.workingUser);
  const isPending = expense.approvalStatus === 'Pending';
  const canPay =
    hasPermissions(session.permissions, [APPROVER_PERMISSION]) &&
    expense.approvalStatus === 'Approved' &&
    expense.paymentStatus === 'Unpaid';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: expenseKeys.all });

  const approve = async () => {
    setIsApproving(true);
    try {
      await approveExpense(expense.id);
      refresh();
    } catch {
      // The API client has shown the error.
    } finally {
      setIsApproving(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="expense-status-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="expense-status-title">
            Approval and payment
          </Title>
          <Group gap="xs">
            <ApprovalBadge status={expense.approvalStatus} />
            <PaymentBadge status={expense.paymentStatus} />
          </Group>
        </Group>
        {/* Up to three figures a row, one on a phone: a plain CSS grid (SimpleGrid's code did not fit the page's budget). */}
        <Box
          component="dl"
          m={0}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))', gap: 'var(--mantine-spacing-sm)' }}
        >
          <Figure label="Added by" value={`${expense.addedByUserName} · ${formatDateTime(expense.createdAt)}`} />
          <Figure
            label={
              expense.approvalStatus === 'Rejected' ? 'Rejected by' : expense.approvalStatus === 'Approved' ? 'Approved by' : 'Decision'
            }
            value={
              expense.decidedByUserName
                ? `${expense.decidedByUserName} · ${formatDateTime(expense.decidedAt)}`
                : expense.approvalStatus === 'Pending'
                  ? 'Waiting for an approver'
                  : '—'
            }
            testId="expense-decided-by"
          />
          {expense.rejectionReason && <Figure label="Rejection reason" value={expense.rejectionReason} testId="expense-rejection-reason" />}
          <Figure label="Billing" value={expense.billingStatus} />
          {expense.paymentStatus === 'Paid' && (
            <Figure
              label="Paid"
              value={[formatExpenseDate(expense.paidDate), expense.paymentMethod, expense.paymentReference].filter(Boolean).join(' · ')}
              testId="expense-paid"
            />
          )}
        </Box>
        {(canDecide && isPending) || canPay ? (
          <Group gap="sm">
            {canDecide && isPending && (
              <>
                <Button color="green" loading={isApproving} onClick={() => void approve()}>
                  Approve
                </Button>
                <Button color="red" variant="light" onClick={() => setRejecting(expense.id)}>
                  Reject
                </Button>
              </>
            )}
            {canPay && (
              <Button variant="default" onClick={() => setPaying(expense.id)}>
                Mark paid
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
      <OnceOpened isOpen={rejecting !== null}>
        <RejectExpenseModal expenseId={rejecting} onClose={() => setRejecting(null)} onDone={refresh} />
      </OnceOpened>
      <OnceOpened isOpen={paying !== null}>
        <MarkPaidModal expenseId={paying} onClose={() => setPaying(null)} onDone={refresh} />
      </OnceOpened>
    </Paper>
  );
}
