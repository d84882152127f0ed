import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, EXPENSE_MESSAGES, hasPermissions, SPEC_MESSAGES, type ExpenseListQuery } from '@matterhorn/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { DEFAULT_SORT, nextSort, type ExpenseSort } from '../utils/expense-list-params.ts';
import { addExpensePath } from '../utils/expense-paths.ts';
import { ExpenseListView } from './expense-list-view.tsx';

export type MatterExpensesSectionProps = {
  matterId: string;
  clientId: string;
  /** A closed matter takes no new expense (the server refuses it too). */
  isMatterOpen: boolean;
};

/** The matter's client expenses, requests included, with their totals, and 'Add expense' prefilled with the client and matter. */
export function MatterExpensesSection(props: MatterExpensesSectionProps) {
  const session = useSession();
  return (
    <Stack gap="md" component="section" aria-labelledby="matter-expenses-heading">
      {hasPermissions(session.permissions, ['expensePermission']) ? (
        <MatterExpenseList {...props} canCreate={hasPermissions(session.permissions, ['expensePermission.create'])} />
      ) : (
        <>
          <Title order={2} size="h3" id="matter-expenses-heading">
            Expenses
          </Title>
          <Text c="dimmed">{SPEC_MESSAGES.noPermission}</Text>
        </>
      )}
    </Stack>
  );
}

function MatterExpenseList({ matterId, clientId, isMatterOpen, canCreate }: MatterExpensesSectionProps & { canCreate: boolean }) {
  const [sort, setSort] = useState<ExpenseSort | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const shownSort = sort ?? DEFAULT_SORT;
  const query: ExpenseListQuery = {
    IsFirmExpense: false,
    MatterId: matterId,
    IsIncludeExpenseRequest: true,
    IncludeTotals: true,
    page,
    size,
    SortBy: sort ? `${sort.column} ${sort.type}` : undefined,
  };
  const matterPath = `/matter/${matterId}?activeTab=expenses`;

  return (
    <>
      <Group justify="space-between">
        <Title order={2} size="h3" id="matter-expenses-heading">
          Expenses
        </Title>
        <Group gap="sm">
          <Anchor
            component={Link}
            to={`/expense-request/direct-expense?activeTab=client&clientId=${clientId}&matterId=${matterId}&includeRequests=true`}
            size="sm"
          >
            Open in Expenses
          </Anchor>
          {canCreate &&
            (isMatterOpen ? (
              <Button component={Link} to={addExpensePath({ type: 'client', clientId, matterId, returnTo: matterPath })}>
                Add expense
              </Button>
            ) : (
              <Button disabled title={EXPENSE_MESSAGES.matterClosed}>
                Add expense
              </Button>
            ))}
        </Group>
      </Group>
      <ExpenseListView
        query={query}
        sort={shownSort}
        returnTo={matterPath}
        onSort={(column) => {
          setSort(nextSort(shownSort, column));
          setPage(1);
        }}
        onPageChange={setPage}
        onSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
        hideMatterColumns
      />
    </>
  );
}
