import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ExpenseListItem, ExpenseListQuery } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ListDefinition } from '../../../components/list-kit/list-params.ts';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { SortableTable, type SortableColumn } from '../../../components/list-kit/sortable-table.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { approveExpense, expenseKeys, useExpensePage } from '../api/expense-api.ts';
import { isOwnExpense } from '../components/expense-status-panel.tsx';
import { expenseName } from '../components/expenses-table.tsx';
import { formatAmount, formatExpenseDate } from '../utils/expense-display.ts';
import type { ExpenseSortColumn } from '../utils/expense-list-params.ts';
import { APPROVALS_PATH, editExpensePath } from '../utils/expense-paths.ts';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

// The rejection form (react-hook-form) loads when a request is first rejected.
const RejectExpenseModal = lazy(async () => ({ default: (await import('../components/expense-decision-modals.tsx')).RejectExpenseModal }));

export const NO_PENDING_TEXT = 'No expense request is waiting for approval.';

type ApprovalSortColumn = Extract<ExpenseSortColumn, 'expenseDate' | 'clientName' | 'addedByUserName' | 'homeAmount'>;

/** Each list's page, size and order in the URL under its own prefix (clientPage, firmSize…); oldest first unless sorted. */
const pendingList = (pagingPrefix: 'client' | 'firm'): ListDefinition<never, ApprovalSortColumn> => ({
  filters: {},
  sortColumns: ['expenseDate', 'clientName', 'addedByUserName', 'homeAmount'],
  defaultSort: { column: 'expenseDate', type: 'asc' },
  pagingPrefix,
});
const CLIENT_REQUESTS = pendingList('client');
const FIRM_REQUESTS = pendingList('firm');

/** The list call of the requests waiting on one list: Pending, requests included, in the list's order. */
export function pendingQuery(isFirmExpense: boolean, page: number, size: number, sortBy = 'expenseDate asc'): ExpenseListQuery {
  return { Status: 'Pending', IsIncludeExpenseRequest: true, IsFirmExpense: isFirmExpense, page, size, SortBy: sortBy };
}

function PendingTable({ title, isClient }: { title: string; isClient: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListParams(isClient ? CLIENT_REQUESTS : FIRM_REQUESTS);
  const rows = useExpensePage(pendingQuery(!isClient, list.page, list.size, `${list.sort.column} ${list.sort.type}`));
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [approving, setApproving] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: expenseKeys.all });
  const columns: SortableColumn<ApprovalSortColumn>[] = [
    { label: 'Date', sortColumn: 'expenseDate' },
    ...(isClient ? [{ label: 'Client / matter', sortColumn: 'clientName' as const }] : []),
    { label: 'Description' },
    { label: 'Requested by', sortColumn: 'addedByUserName' },
    { label: 'Amount', sortColumn: 'homeAmount', align: 'right' },
  ];

  const approve = async (expense: ExpenseListItem) => {
    setApproving(expense.id);
    try {
      await approveExpense(expense.id);
      refresh();
    } catch {
      // The API client has shown the error.
    } finally {
      setApproving(null);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      <ListResults
        result={rows}
        page={list.page}
        size={list.size}
        noun={{ one: 'request waiting', many: 'requests waiting' }}
        pagerLabel={`${title}: pages`}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(requests) => (
          <SortableTable
            label={title}
            testId={isClient ? 'client-requests-table' : 'firm-requests-table'}
            // Fits beside the section's navigation on a 1280 px screen (820 px); a phone scrolls it inside its card.
            minWidth={isClient ? 720 : 600}
            columns={columns}
            sort={list.sort}
            onSort={list.sortBy}
            hasActions
            rows={requests}
            emptyText={NO_PENDING_TEXT}
            renderRow={(expense) => {
              const isOwn = isOwnExpense(expense, session.workingUser);
              return (
                <Table.Tr key={expense.id} data-testid={`pending-row-${expense.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatExpenseDate(expense.expenseDate)}</Table.Td>
                  {isClient && (
                    <Table.Td>
                      <Text size="sm">{expense.clientName}</Text>
                      <Text size="xs" c="dimmed">
                        {expense.matterName}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td maw={280}>
                    <Anchor
                      size="sm"
                      component="button"
                      type="button"
                      onClick={() => navigate(editExpensePath(expense.id, APPROVALS_PATH))}
                    >
                      {expense.description}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {expense.categoryName} · {expense.receiptCount} {expense.receiptCount === 1 ? 'receipt' : 'receipts'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{expense.addedByUserName}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(expense.amount, expense.currencySymbol)}
                  </Table.Td>
                  <Table.Td>
                    {isOwn ? (
                      <Text size="xs" c="dimmed">
                        Your own request
                      </Text>
                    ) : (
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          color="green"
                          loading={approving === expense.id}
                          aria-label={`Approve ${expenseName(expense)}`}
                          onClick={() => void approve(expense)}
                        >
                          Approve
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          aria-label={`Reject ${expenseName(expense)}`}
                          onClick={() => setRejecting(expense.id)}
                        >
                          Reject
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            }}
          />
        )}
      </ListResults>
      <OnceOpened isOpen={rejecting !== null}>
        <RejectExpenseModal expenseId={rejecting} onClose={() => setRejecting(null)} onDone={refresh} />
      </OnceOpened>
    </Stack>
  );
}

/** /expense-request/approvals: the requests waiting for a decision, client and firm, oldest first. */
export function ExpenseApprovalsPage() {
  return (
    <Stack gap="lg">
      <PageTitle parts={['Approvals', 'Expenses']} />
      <div>
        <Title order={1}>Approvals</Title>
        <Text c="dimmed">Expense requests waiting for approval.</Text>
      </div>
      <PendingTable title="Client expense requests" isClient />
      <PendingTable title="Firm expense requests" isClient={false} />
    </Stack>
  );
}
