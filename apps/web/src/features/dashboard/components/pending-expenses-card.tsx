import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney, isoToDisplayDate, type PendingExpenseRequests } from '@matterhorn/shared';
import { Link } from 'react-router';

export const APPROVALS_PATH = '/expense-request/approvals';

/** For approvers: the expense requests waiting for their decision, the newest few, and the way to them all. */
export function PendingExpensesCard({
  pending,
  isLoading,
  homeCurrencySymbol,
}: {
  pending: PendingExpenseRequests | null | undefined;
  isLoading: boolean;
  homeCurrencySymbol: string;
}) {
  const count = isLoading ? '…' : pending ? pending.count.toLocaleString('en-US') : '—';
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="pending-expenses-title">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div>
          <Title order={2} size="h4" id="pending-expenses-title">
            Expense requests awaiting your approval
          </Title>
          <Text size="xl" fw={700} data-testid="pending-expense-count">
            {count}
          </Text>
        </div>
        <Anchor component={Link} to={APPROVALS_PATH} size="sm">
          Review requests
        </Anchor>
      </Group>
      {pending && pending.requests.length > 0 && (
        <Stack gap={4}>
          {pending.requests.map((request) => (
            <Group key={request.id} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate="end">
                {isoToDisplayDate(request.expenseDate.slice(0, 10))} ·{' '}
                <Anchor component={Link} to={`/expense-request/direct-expense/edit-expense/${request.id}?returnTo=/dashboard`} size="sm">
                  {request.description}
                </Anchor>{' '}
                · {request.addedByUserName}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(request.homeAmount, homeCurrencySymbol)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
