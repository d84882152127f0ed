import { ActionIcon, Anchor, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { IS_BILLABLE, type ExpenseListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { formatAmount, formatExpenseDate } from '../utils/expense-display.ts';
import type { ExpenseSort, ExpenseSortColumn } from '../utils/expense-list-params.ts';
import { ApprovalBadge, PaymentBadge } from './expense-badges.tsx';
import { SortableTable, type FoldedSort } from '../../../components/list-kit/sortable-table.tsx';

export const EMPTY_TEXT = 'No expense found.';

type ColumnKey = 'date' | 'clientMatter' | 'category' | 'description' | 'addedBy' | 'amount' | 'status' | 'billing' | 'receipts';
type Column = {
  key: ColumnKey;
  label: string;
  sortColumn?: ExpenseSortColumn;
  align?: 'right';
  alsoSorts?: FoldedSort<ExpenseSortColumn>[];
};

/**
 * Client and matter share a column, approval and payment another: the list fits beside the
 * section's navigation (980 px on a 1440 px screen). On a narrower screen (820 px beside it) the
 * category folds under the description and the billing status under the approval and payment.
 */
const COLUMNS: Column[] = [
  { key: 'date', label: 'Date', sortColumn: 'expenseDate' },
  { key: 'clientMatter', label: 'Client / matter', sortColumn: 'clientName' },
  { key: 'category', label: 'Category', sortColumn: 'categoryName' },
  { key: 'description', label: 'Description' },
  { key: 'amount', label: 'Amount', sortColumn: 'homeAmount', align: 'right' },
  { key: 'status', label: 'Status', sortColumn: 'approvalStatus' },
  { key: 'billing', label: 'Billing' },
  { key: 'receipts', label: 'Receipts', align: 'right' },
];

export type ExpensesTableProps = {
  expenses: ExpenseListItem[];
  sort: ExpenseSort;
  onSort: (column: ExpenseSortColumn) => void;
  /** Firm expenses have no client, matter or billing status. */
  showClientColumns: boolean;
  /** Inside a matter's view the client and matter would repeat the page's own. */
  hideMatterColumns?: boolean | undefined;
  onEdit?: ((expense: ExpenseListItem) => void) | undefined;
  onDelete?: ((expense: ExpenseListItem) => void) | undefined;
  /** The label of the row's open button: 'Edit' or, for those who may not edit, 'View'. */
  editLabel?: string;
  /** A narrower screen: category and billing fold into the description's and the status's cells. */
  isFolded?: boolean;
};

/** How a row's buttons are read out: "Edit expense 05/03/2024 Court filing fee". */
export function expenseName(expense: Pick<ExpenseListItem, 'expenseDate' | 'description'>): string {
  return `expense ${formatExpenseDate(expense.expenseDate)} ${expense.description}`;
}

function RowButtons({
  name,
  editLabel,
  onEdit,
  onDelete,
}: {
  name: string;
  editLabel: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {onEdit && (
        <Tooltip label={editLabel} withArrow>
          <ActionIcon variant="default" onClick={onEdit} aria-label={`${editLabel} ${name}`}>
            {editLabel === 'Edit' ? <IconPencil size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label="Delete" withArrow>
          <ActionIcon variant="light" color="red" onClick={onDelete} aria-label={`Delete ${name}`}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

const billingText = (expense: ExpenseListItem) => (expense.isBillable === IS_BILLABLE.billable ? expense.billingStatus : 'Not billable');

/** The category and its UTBMS code: a column of its own, or a line under the description when folded. */
function CategoryText({ expense, isDetail = false }: { expense: ExpenseListItem; isDetail?: boolean }) {
  if (isDetail) {
    return (
      <Text size="xs" c="dimmed">
        {expense.categoryName}
        {expense.utbmsExpenseCode ? ` (${expense.utbmsExpenseCode})` : ''}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" maw={140}>
        {expense.categoryName}
      </Text>
      {expense.utbmsExpenseCode && (
        <Text span size="xs" c="dimmed" display="block">
          {expense.utbmsExpenseCode}
        </Text>
      )}
    </>
  );
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
  isFolded = false,
}: ExpensesTableProps) {
  const columns = COLUMNS.filter((column) => {
    if (column.key === 'clientMatter') return showClientColumns && !hideMatterColumns;
    if (column.key === 'billing') return showClientColumns && !isFolded;
    if (column.key === 'category') return !isFolded;
    return true;
  }).map((column) =>
    isFolded && column.key === 'description'
      ? { ...column, alsoSorts: [{ label: 'Category', sortColumn: 'categoryName' as const }] }
      : column,
  );
  const shows = (key: ColumnKey) => columns.some((column) => column.key === key);
  const hasActions = Boolean(onEdit || onDelete);
  return (
    <SortableTable
      label="Expenses"
      testId="expenses-table"
      minWidth={shows('clientMatter') ? 760 : 640}
      horizontalSpacing={8}
      columns={columns}
      sort={sort}
      onSort={onSort}
      hasActions={hasActions}
      rows={expenses}
      emptyText={EMPTY_TEXT}
      renderRow={(expense) => (
        <Table.Tr key={expense.id} data-testid={`expense-row-${expense.id}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatExpenseDate(expense.expenseDate)}</Table.Td>
          {shows('clientMatter') && (
            <Table.Td>
              <Text size="sm" truncate="end" maw={150} title={expense.clientName ?? undefined}>
                {expense.clientName ?? '—'}
              </Text>
              {expense.matterId && (
                <Anchor
                  component={Link}
                  to={`/matter/${expense.matterId}?activeTab=expenses`}
                  size="xs"
                  title={expense.matterName ?? undefined}
                  display="block"
                  maw={150}
                  style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {expense.matterName}
                </Anchor>
              )}
            </Table.Td>
          )}
          {shows('category') && (
            <Table.Td>
              <CategoryText expense={expense} />
            </Table.Td>
          )}
          <Table.Td miw={isFolded ? 120 : 140}>
            <Text size="sm" lineClamp={2} maw={220} title={expense.description}>
              {expense.description}
            </Text>
            <Text size="xs" c="dimmed">
              {expense.addedByUserName}
            </Text>
            {isFolded && <CategoryText expense={expense} isDetail />}
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(expense.amount, expense.currencySymbol)}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Stack gap={4} align="flex-start">
              <ApprovalBadge status={expense.approvalStatus} />
              <PaymentBadge status={expense.paymentStatus} />
              {isFolded && showClientColumns && (
                <Text size="xs" c="dimmed">
                  {billingText(expense)}
                </Text>
              )}
            </Stack>
          </Table.Td>
          {shows('billing') && <Table.Td>{billingText(expense)}</Table.Td>}
          <Table.Td ta="right">{expense.receiptCount}</Table.Td>
          {hasActions && (
            <Table.Td>
              <RowButtons
                name={expenseName(expense)}
                editLabel={editLabel}
                onEdit={onEdit ? () => onEdit(expense) : undefined}
                onDelete={onDelete && !expense.isLocked ? () => onDelete(expense) : undefined}
              />
            </Table.Td>
          )}
        </Table.Tr>
      )}
    />
  );
}
