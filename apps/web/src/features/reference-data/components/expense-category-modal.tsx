import { Stack, TextInput } from '@mantine/core';
import { expenseCategoryInputSchema, UTBMS_EXPENSE_CODES, type ExpenseCategory } from '@matterhorn/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { createExpenseCategory, updateExpenseCategory } from '../api/expense-categories.ts';
import { NO_UTBMS_CODE_LABEL } from './utbms-codes.ts';

/** The ABA's UTBMS expense codes (E101–E124) with their standard descriptions. */
export const UTBMS_EXPENSE_OPTIONS = [
  { value: '', label: NO_UTBMS_CODE_LABEL },
  ...UTBMS_EXPENSE_CODES.map((entry) => ({ value: entry.code, label: `${entry.code} — ${entry.label}` })),
];

/** `category: null` adds a new one. */
export type ExpenseCategoryEditor = { category: ExpenseCategory | null } | null;

function ExpenseCategoryForm({
  category,
  onClose,
  onSaved,
}: {
  category: ExpenseCategory | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useSchemaForm(expenseCategoryInputSchema, {
    name: category?.name ?? '',
    utbmsExpenseCode: (category?.utbmsExpenseCode ?? null) as string | null,
  });
  const submit = form.onSubmit(async (data) => {
    const body = { name: data.name, utbmsExpenseCode: data.utbmsExpenseCode ?? null };
    if (category) await updateExpenseCategory(category.id, body);
    else await createExpenseCategory(body);
    onSaved();
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Category" withAsterisk data-autofocus {...form.inputProps('name')} />
        <SearchableSelect
          label="UTBMS expense code"
          entity="code"
          placeholder="None"
          description="Optional: codes the category's expenses on LEDES invoices."
          options={UTBMS_EXPENSE_OPTIONS}
          value={form.values.utbmsExpenseCode ?? ''}
          onChange={(value) => form.setValue('utbmsExpenseCode', value || null)}
          error={form.errorFor('utbmsExpenseCode')}
        />
        <SubmitButton isSubmitting={form.isSubmitting} mt="sm">
          {category ? 'Save changes' : 'Add expense category'}
        </SubmitButton>
      </Stack>
    </form>
  );
}

export function ExpenseCategoryModal({
  editor,
  onClose,
  onSaved,
}: {
  editor: ExpenseCategoryEditor;
  onClose: () => void;
  onSaved: () => void;
}) {
  const category = editor?.category ?? null;
  return (
    <AppModal opened={editor !== null} onClose={onClose} title={category ? 'Edit expense category' : 'New expense category'}>
      {editor && <ExpenseCategoryForm key={category?.id ?? 'new'} category={category} onClose={onClose} onSaved={onSaved} />}
    </AppModal>
  );
}
