import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export const APPROVALS_PATH = '/expense-request/approvals';

/** For approvers: how many expense requests wait for a decision, and the way to them. */
export function PendingExpensesCard({ count, isLoading }: { count: number | null | undefined; isLoading: boolean }) {
  const text = isLoading ? '…' : count === null || count === undefined ? '—' : count.toLocaleString('en-US');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="pending-expenses-title">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h4" id="pending-expenses-title">
            Expense requests awaiting approval
          </Title>
          <Text size="xl" fw={700} data-testid="pending-expense-count">
            {text}
          </Text>
        </div>
        <Anchor component={Link} to={APPROVALS_PATH} size="sm">
          Review requests
        </Anchor>
      </Group>
    </Card>
  );
}
