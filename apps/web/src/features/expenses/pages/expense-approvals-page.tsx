import { Anchor, Button, Group, NativeSelect, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, type ExpenseListItem, type ExpenseListQuery } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionsHeader } from '../../../components/row-actions.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { listPagingOf } from '../../../lib/list-paging.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { approveExpense, expenseKeys, useExpensePage } from '../api/expense-api.ts';
import { isOwnExpense } from '../components/expense-status-panel.tsx';
import { expenseName } from '../components/expenses-table.tsx';
import { formatAmount, formatExpenseDate } from '../utils/expense-display.ts';
import { PAGE_SIZES } from '../../../lib/list-paging.ts';
import { APPROVALS_PATH, editExpensePath } from '../utils/expense-paths.ts';
import { OnceOpened } from '../../../components/once-opened.tsx';

// The rejection form (react-hook-form) loads when a request is first rejected.
const RejectExpenseModal = lazy(async () => ({ default: (await import('../components/expense-decision-modals.tsx')).RejectExpenseModal }));

export const NO_PENDING_TEXT = 'No expense request is waiting for approval.';

/** The list call of the requests waiting: client and firm, Pending, requests included. */
export function pendingQueries(page: number, size: number): ExpenseListQuery[] {
  const base = { Status: 'Pending' as const, IsIncludeExpenseRequest: true, page, size, SortBy: 'expenseDate asc' };
  return [
    { ...base, IsFirmExpense: false },
    { ...base, IsFirmExpense: true },
  ];
}

function PendingTable({ title, query, onPage }: { title: string; query: ExpenseListQuery; onPage: (page: number) => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rows = useExpensePage(query);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [approving, setApproving] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: expenseKeys.all });
  const isClient = query.IsFirmExpense === false;
  const page = Number(query.page ?? 1);
  const size = Number(query.size ?? DEFAULT_PAGE_SIZE);
  const { pageCount, totalLabel } = listPagingOf(rows.data, page, size);

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
      <Group justify="space-between">
        <Title order={2} size="h3">
          {title}
        </Title>
        {rows.data && (
          <Text size="sm" c="dimmed">
            {totalLabel} waiting
          </Text>
        )}
      </Group>
      {rows.isPending ? (
        <LoadingSpinner />
      ) : !rows.data ? (
        <Text c="dimmed">The requests could not be loaded.</Text>
      ) : rows.data.data.length === 0 ? (
        <Text c="dimmed">{NO_PENDING_TEXT}</Text>
      ) : (
        <Table.ScrollContainer minWidth={isClient ? 960 : 760}>
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                {isClient && <Table.Th scope="col">Client / matter</Table.Th>}
                <Table.Th scope="col">Description</Table.Th>
                <Table.Th scope="col">Requested by</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.data.map((expense) => {
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
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
      <OnceOpened isOpen={rejecting !== null}>
        <RejectExpenseModal expenseId={rejecting} onClose={() => setRejecting(null)} onDone={refresh} />
      </OnceOpened>
    </Stack>
  );
}

/** /expense-request/approvals: the requests waiting for a decision, client and firm, oldest first. */
export function ExpenseApprovalsPage() {
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [clientPage, setClientPage] = useState(1);
  const [firmPage, setFirmPage] = useState(1);
  const [client] = pendingQueries(clientPage, size);
  const [, firm] = pendingQueries(firmPage, size);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Approvals</Title>
          <Text c="dimmed">Expense requests waiting for approval.</Text>
        </div>
        <NativeSelect
          label="Rows per page"
          data={[...PAGE_SIZES]}
          value={String(size)}
          onChange={(event) => {
            setSize(Number(event.currentTarget.value));
            setClientPage(1);
            setFirmPage(1);
          }}
          w={140}
        />
      </Group>
      {client && <PendingTable title="Client expense requests" query={client} onPage={setClientPage} />}
      {firm && <PendingTable title="Firm expense requests" query={firm} onPage={setFirmPage} />}
    </Stack>
  );
}
