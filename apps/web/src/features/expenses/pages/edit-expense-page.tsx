import { Anchor, Stack, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { expenseDetailQuery } from '../api/expense-api.ts';
import { ExpenseForm } from '../components/expense-form.tsx';
import { ExpenseStatusPanel, isOwnExpense } from '../components/expense-status-panel.tsx';
import { expenseValues } from '../utils/expense-form-values.ts';
import { EXPENSE_LIST_PATH_CLIENT, EXPENSE_LIST_PATH_FIRM, safeReturnTo } from '../utils/expense-paths.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

/**
 * /expense-request/direct-expense/edit-expense/:id: the expense's approval and payment, its
 * receipts, and the form (read-only when billed, or for those who may not change it: a requester
 * may change their own request while it waits).
 */
export function EditExpensePage() {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const expense = useQuery(expenseDetailQuery(id));

  if (expense.isPending) return <LoadingPage title={['Expenses']} />;
  const found = expense.data;
  if (!found) {
    return (
      <Stack gap="sm">
        <PageTitle parts={['Expense not found', 'Expenses']} />
        <Title order={1}>Expense not found</Title>
        <Text>This expense does not exist or was deleted.</Text>
        <Anchor component={Link} to={EXPENSE_LIST_PATH_CLIENT}>
          Back to expenses
        </Anchor>
      </Stack>
    );
  }
  const returnTo = safeReturnTo(params.get('returnTo'), found.isFirmExpense ? EXPENSE_LIST_PATH_FIRM : EXPENSE_LIST_PATH_CLIENT);
  const canEdit =
    hasPermissions(session.permissions, ['expensePermission.edit']) ||
    (isOwnExpense(found, session.workingUser) && found.approvalStatus === 'Pending');

  return (
    <Stack gap="md">
      <PageTitle parts={[canEdit && !found.isLocked ? 'Edit Expense' : 'Expense', 'Expenses']} />
      <Title order={1}>{canEdit && !found.isLocked ? 'Edit Expense' : 'Expense'}</Title>
      <ExpenseStatusPanel expense={found} />
      <ExpenseForm
        key={found.updatedAt}
        expense={found}
        initialValues={expenseValues(found, session.workingUser?.currencyId ?? null)}
        canEdit={canEdit}
        cancelTo={returnTo}
        onSaved={(_id, { uploadFailed }) => {
          if (uploadFailed) return;
          focusNextPageHeading();
          void navigate(returnTo);
        }}
      />
    </Stack>
  );
}
