import { Stack } from '@mantine/core';
import { hasPermissions, type ExpenseListItem, type ExpenseListQuery } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListLayout } from '../../../components/list-kit/use-list-layout.ts';
import { pageAndTotalsQueries } from '../../../lib/list-paging.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { deleteExpense, expenseKeys, expenseListQuery, useExpensePage } from '../api/expense-api.ts';
import { editExpensePath } from '../utils/expense-paths.ts';
import { type ExpenseSort, type ExpenseSortColumn } from '../utils/expense-list-params.ts';
import { ExpenseTotals } from './expense-totals.tsx';
import { ExpensesTable, expenseName } from './expenses-table.tsx';

// The question's modal code comes with the first Delete: most visits to the list delete nothing.
const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

export type ExpenseListViewProps = {
  query: ExpenseListQuery;
  sort: ExpenseSort;
  onSort: (column: ExpenseSortColumn) => void;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  hideMatterColumns?: boolean;
  /** Where the edit page goes back to. */
  returnTo: string;
};

/** The totals, count, table and pager of one filtered list; a row opens the expense, Delete asks first. */
export function ExpenseListView({ query, sort, onSort, onPageChange, onSizeChange, hideMatterColumns, returnTo }: ExpenseListViewProps) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const split = pageAndTotalsQueries(query);
  const rows = useExpensePage(split.page);
  const totals = useQuery({ ...expenseListQuery(split.totals ?? query), enabled: split.totals !== null });
  const [deleting, setDeleting] = useState<ExpenseListItem | null>(null);
  // Kept mounted once asked, so the modal closes and hands the focus back as it always does.
  const [hasAskedToDelete, setAskedToDelete] = useState(false);
  const askToDelete = (expense: ExpenseListItem) => {
    setAskedToDelete(true);
    setDeleting(expense);
  };
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const homeCurrencySymbol = session.workingUser?.currency ?? '';
  const isClient = query.IsFirmExpense === false;
  // Under 1,408 px (and on a phone, where the table scrolls inside its card) the less important columns fold.
  const isFolded = useListLayout() !== 'full';

  const page = Number(query.page ?? 1);
  const size = Number(query.size ?? 20);
  const list = rows.data;

  return (
    <Stack gap="md">
      {split.totals && <ExpenseTotals totals={totals.data?.totals} homeCurrencySymbol={homeCurrencySymbol} showUnbilled={isClient} />}
      <ListResults
        result={rows}
        page={page}
        size={size}
        noun={{ one: 'expense', many: 'expenses' }}
        countTestId="expense-count"
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
      >
        {(pageRows) => (
          <ExpensesTable
            expenses={pageRows}
            sort={sort}
            onSort={onSort}
            showClientColumns={isClient}
            hideMatterColumns={hideMatterColumns}
            isFolded={isFolded}
            editLabel={can('expensePermission.edit') ? 'Edit' : 'View'}
            onEdit={(expense) => navigate(editExpensePath(expense.id, returnTo))}
            onDelete={can('expensePermission.delete') ? askToDelete : undefined}
          />
        )}
      </ListResults>
      {hasAskedToDelete && (
        <Suspense>
          <ConfirmModal
            opened={deleting !== null}
            onClose={() => setDeleting(null)}
            title="Delete this expense?"
            confirmLabel="Delete"
            onConfirm={async () => {
              if (!deleting) return;
              await deleteExpense(deleting.id);
              await queryClient.invalidateQueries({ queryKey: expenseKeys.all });
              if (list && list.data.length === 1 && page > 1) onPageChange(page - 1);
            }}
          >
            {deleting && `The ${expenseName(deleting)} goes to the recycle bin.`}
          </ConfirmModal>
        </Suspense>
      )}
    </Stack>
  );
}
