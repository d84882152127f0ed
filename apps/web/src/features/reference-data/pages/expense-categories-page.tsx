import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { expenseCategoriesQuery } from '../../../lib/lookups/expense-categories.ts';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { deleteExpenseCategory } from '../api/expense-categories.ts';
import { ExpenseCategoryModal, type ExpenseCategoryEditor } from '../components/expense-category-modal.tsx';
import { ReferenceList } from '../components/reference-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/** Settings → Expense categories: the firm's categories, each with an optional UTBMS expense code. */
export function ExpenseCategoriesPage() {
  const queryClient = useQueryClient();
  const categories = useQuery(expenseCategoriesQuery);
  const [editor, setEditor] = useState<ExpenseCategoryEditor>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: lookupKeys.expenseCategories() });

  return (
    <ReferenceList
      plural="Expense categories"
      singular="expense category"
      description="What the firm's expenses are for (court fees, travel, couriers…), with their UTBMS expense codes for LEDES invoices."
      items={categories}
      nameOf={(category) => category.name}
      columns={[
        { header: 'Category', cell: (category) => category.name },
        { header: 'UTBMS code', cell: (category) => category.utbmsExpenseCode ?? '—' },
        { header: 'Expenses', align: 'right', cell: (category) => category.expenseCount },
      ]}
      onAdd={() => setEditor({ category: null })}
      onEdit={(category) => setEditor({ category })}
      remove={async (category) => {
        await deleteExpenseCategory(category.id);
        refresh();
      }}
      deleteConsequence={(category) =>
        category.expenseCount > 0
          ? `${category.expenseCount} ${category.expenseCount === 1 ? 'expense keeps' : 'expenses keep'} this category; it will no longer be offered on new expenses.`
          : 'It will no longer be offered on expenses.'
      }
    >
      <PageTitle parts={['Expense categories', 'Settings']} />
      <ExpenseCategoryModal editor={editor} onClose={() => setEditor(null)} onSaved={refresh} />
    </ReferenceList>
  );
}
