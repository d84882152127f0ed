import { Anchor, Table, Text } from '@mantine/core';
import { IS_BILLABLE, type ExpenseListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { ActionsHeader, RowActions } from '../../../components/row-actions.tsx';
import { formatAmount, formatExpenseDate } from '../utils/expense-display.ts';
import type { ExpenseSort, ExpenseSortColumn } from '../utils/expense-list-params.ts';
import { ApprovalBadge, PaymentBadge } from './expense-badges.tsx';
import { SortableHeader } from './sortable-header.tsx';

export const EMPTY_TEXT = 'No expense found.';

type Column = { label: string; sortColumn?: ExpenseSortColumn; align?: 'right'; isClientColumn?: boolean };

const COLUMNS: Column[] = [
  { label: 'Date', sortColumn: 'expenseDate' },
  { label: 'Client', sortColumn: 'clientName', isClientColumn: true },
  { label: 'Matter', sortColumn: 'matterName', isClientColumn: true },
  { label: 'Category', sortColumn: 'categoryName' },
  { label: 'Description' },
  { label: 'Added by', sortColumn: 'addedByUserName' },
  { label: 'Amount', sortColumn: 'homeAmount', align: 'right' },
  { label: 'Billable', isClientColumn: true },
  { label: 'Approval', sortColumn: 'approvalStatus' },
  { label: 'Payment', sortColumn: 'paymentStatus' },
  { label: 'Billing', isClientColumn: true },
  { label: 'Receipts', align: 'right' },
];

export type ExpensesTableProps = {
  expenses: ExpenseListItem[];
  sort: ExpenseSort;
  onSort: (column: ExpenseSortColumn) => void;
  /** Firm expenses have no client, matter, billable flag or billing status. */
  showClientColumns: boolean;
  /** Inside a matter's view the client and matter columns would repeat the page's own. */
  hideMatterColumns?: boolean;
  onEdit?: ((expense: ExpenseListItem) => void) | undefined;
  onDelete?: ((expense: ExpenseListItem) => void) | undefined;
  /** The label of the row's open button: 'Edit' or, for those who may not edit, 'View'. */
  editLabel?: string;
};

/** How a row's buttons are read out: "Edit expense 05/03/2024 Court filing fee". */
export function expenseName(expense: Pick<ExpenseListItem, 'expenseDate' | 'description'>): string {
  return `expense ${formatExpenseDate(expense.expenseDate)} ${expense.description}`;
}

/** Expenses with sortable headers (a button each, aria-sort on the sorted one) and per-row actions. */
export function ExpensesTable({
  expenses,
  sort,
  onSort,
  showClientColumns,
  hideMatterColumns = false,
  onEdit,
  onDelete,
  editLabel = 'Edit',
}: ExpensesTableProps) {
  const columns = COLUMNS.filter(
    (column) =>
      !(column.isClientColumn && !showClientColumns) && !(hideMatterColumns && (column.label === 'Client' || column.label === 'Matter')),
  );
  const shows = (label: string) => columns.some((column) => column.label === label);
  const hasActions = Boolean(onEdit || onDelete);
  return (
    <Table.ScrollContainer minWidth={showClientColumns && !hideMatterColumns ? 1200 : 900}>
      <Table striped highlightOnHover aria-label="Expenses" data-testid="expenses-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <SortableHeader
                key={column.label}
                label={column.label}
                column={column.sortColumn}
                align={column.align}
                sort={sort}
                onSort={onSort}
              />
            ))}
            {hasActions && <ActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {expenses.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + (hasActions ? 1 : 0)}>
                <Text c="dimmed" ta="center" py="md">
                  {EMPTY_TEXT}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            expenses.map((expense) => (
              <Table.Tr key={expense.id} data-testid={`expense-row-${expense.id}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatExpenseDate(expense.expenseDate)}</Table.Td>
                {shows('Client') && (
                  <Table.Td maw={200}>
                    <Text size="sm" truncate="end" title={expense.clientName ?? undefined}>
                      {expense.clientName ?? '—'}
                    </Text>
                  </Table.Td>
                )}
                {shows('Matter') && (
                  <Table.Td maw={220}>
                    {expense.matterId ? (
                      <Anchor
                        component={Link}
                        to={`/matter/${expense.matterId}?activeTab=expenses`}
                        size="sm"
                        title={expense.matterName ?? undefined}
                        display="block"
                        style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                      >
                        {expense.matterName}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  {expense.categoryName}
                  {expense.utbmsExpenseCode && (
                    <Text span size="xs" c="dimmed" display="block">
                      {expense.utbmsExpenseCode}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={280}>
                  <Text size="sm" lineClamp={2} title={expense.description}>
                    {expense.description}
                  </Text>
                </Table.Td>
                <Table.Td>{expense.addedByUserName}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(expense.amount, expense.currencySymbol)}
                </Table.Td>
                {shows('Billable') && <Table.Td>{expense.isBillable === IS_BILLABLE.billable ? 'Billable' : 'Not billable'}</Table.Td>}
                <Table.Td>
                  <ApprovalBadge status={expense.approvalStatus} />
                </Table.Td>
                <Table.Td>
                  <PaymentBadge status={expense.paymentStatus} />
                </Table.Td>
                {shows('Billing') && <Table.Td style={{ whiteSpace: 'nowrap' }}>{expense.billingStatus}</Table.Td>}
                <Table.Td ta="right">{expense.receiptCount}</Table.Td>
                {hasActions && (
                  <Table.Td>
                    <RowActions
                      name={expenseName(expense)}
                      editLabel={editLabel}
                      onEdit={onEdit ? () => onEdit(expense) : undefined}
                      onDelete={onDelete && !expense.isLocked ? () => onDelete(expense) : undefined}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
