import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { ExpenseForm } from '../components/expense-form.tsx';
import { editExpensePath, EXPENSE_LIST_PATH_CLIENT, EXPENSE_LIST_PATH_FIRM, safeReturnTo } from '../utils/expense-paths.ts';
import { newExpenseValues } from '../utils/expense-form-values.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/**
 * /expense-request/direct-expense/add-expense: `type=firm` (from the firm tab) starts a firm
 * expense, anything else a client expense; `clientId` and `matterId` prefill (from a matter's tab).
 */
export function AddExpensePage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isFirm = params.get('type') === 'firm';
  const fallback = isFirm ? EXPENSE_LIST_PATH_FIRM : EXPENSE_LIST_PATH_CLIENT;
  const returnTo = safeReturnTo(params.get('returnTo'), fallback);
  const [initialValues] = useState(() =>
    newExpenseValues({
      isFirmExpense: isFirm,
      clientId: params.get('clientId') ?? '',
      matterId: params.get('matterId') ?? '',
      homeCurrencyId: session.workingUser?.currencyId ?? null,
    }),
  );

  return (
    <Stack gap="md">
      <PageTitle parts={['Add Expense', 'Expenses']} />
      <Title order={1}>Add Expense</Title>
      <ExpenseForm
        expense={null}
        initialValues={initialValues}
        canEdit
        cancelTo={returnTo}
        onSaved={(id, { uploadFailed }) => {
          focusNextPageHeading();
          void navigate(uploadFailed ? editExpensePath(id, returnTo) : returnTo);
        }}
      />
    </Stack>
  );
}
