import { Button, Grid, Group, InputBase, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { billedLockMessage, EXPENSE_MESSAGES, IS_BILLABLE, type Expense } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { currenciesQuery, currencyLabel } from '../../../lib/lookups/currencies.ts';
import { expenseCategoriesQuery, expenseCategoryLabel } from '../../../lib/lookups/expense-categories.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { getExchangeRate } from '../../../lib/lookups/exchange-rate.ts';
import { createExpense, expenseKeys, updateExpense, uploadExpenseReceipt } from '../api/expense-api.ts';
import { expenseAmount, homeAmountOf } from '../utils/expense-amounts.ts';
import { formatAmount } from '../utils/expense-display.ts';
import { expenseFormSchema, isForeignCurrency, parsedBodyOf, type ExpenseFormValues } from '../utils/expense-form-values.ts';
import { ReceiptsSection } from './receipts-section.tsx';

export const TYPE_OPTIONS = [
  { value: 'client', label: 'Client expense' },
  { value: 'firm', label: 'Firm expense' },
];
export const REQUEST_LABEL = 'Submit as a request for approval';

export type ExpenseFormProps = {
  /** The expense being edited; null adds a new one. */
  expense: Expense | null;
  initialValues: ExpenseFormValues;
  /** False shows the expense without letting it change (a billed one, or no edit permission). */
  canEdit: boolean;
  cancelTo: string;
  /** After the save and the receipts' uploads; `uploadFailed` when a receipt did not go up. */
  onSaved: (expenseId: string, result: { uploadFailed: boolean }) => void;
};

/** The add and edit form of an expense: SPEC.md §2's add-expense page. */
export function ExpenseForm({ expense, initialValues, canEdit, cancelTo, onSaved }: ExpenseFormProps) {
  const { workingUser } = useSession();
  const queryClient = useQueryClient();
  const homeCurrencyId = workingUser?.currencyId ?? null;
  const homeSymbol = workingUser?.currency ?? '';
  const [schema] = useState(() => expenseFormSchema(homeCurrencyId));
  const form = useSchemaForm(schema, initialValues);
  const { values, setValue, touch } = form;
  const [dateText, setDateText] = useState(() => isoDateToMonthDayYear(initialValues.expenseDate));
  const [pendingReceipts, setPendingReceipts] = useState<File[]>([]);
  const [hasNoFirmRate, setHasNoFirmRate] = useState(false);
  const idempotency = useIdempotencyKey();
  // A save that created the expense but failed on a receipt keeps its id: a retry never creates twice.
  const createdId = useRef<string | null>(null);
  const latest = useRef(values);
  latest.current = values;
  // Leaving the page over unsaved typing (or receipts not yet uploaded) asks first; the save's own navigation does not.
  const unsaved = useUnsavedChangesGuard(canEdit && (form.isDirty || pendingReceipts.length > 0));

  const isClient = !values.isFirmExpense;
  const clients = useQuery({ ...associatedClientsQuery, enabled: isClient });
  const matters = useQuery(clientMattersQuery(isClient ? values.clientId : ''));
  const categories = useQuery(expenseCategoriesQuery);
  const canChooseCurrency = workingUser?.multicurrency === true;
  const currencies = useQuery({ ...currenciesQuery, enabled: canChooseCurrency });

  const isForeign = isForeignCurrency(values, homeCurrencyId);
  const currency = (currencies.data ?? []).find((item) => String(item.id) === values.foreignCurrencyId);
  const expenseSymbol = isForeign ? (currency?.symbol ?? '') : homeSymbol;
  const amount = expenseAmount(values.quantity, values.unitCost);
  const homeAmount = isForeign ? homeAmountOf(values.quantity, values.unitCost, values.exchangeRate) : amount;

  const people = clients.data?.people ?? [];
  const companies = clients.data?.companies ?? [];
  const isClientListed =
    people.some((person) => person.userId === expense?.clientId) || companies.some((c) => c.companyId === expense?.clientId);
  const extraPeople = expense?.clientId && !isClientListed ? [{ userId: expense.clientId, name: expense.clientName ?? '' }] : [];
  // New expenses go only on open matters (the server refuses closed ones); the edited one keeps its own.
  const matterOptions = (matters.data ?? [])
    .filter((matter) => matter.status === 'Open' || matter.id === values.matterId)
    .map((matter) => ({
      value: matter.id,
      label: matterOptionLabel(matter),
    }));
  if (expense?.matterId && expense.clientId === values.clientId && !matterOptions.some((option) => option.value === expense.matterId)) {
    matterOptions.push({
      value: expense.matterId,
      label: matterOptionLabel({ matterName: expense.matterName, matterNumber: expense.matterNumber }),
    });
  }
  const categoryOptions = (categories.data ?? []).map((category) => ({ value: category.id, label: expenseCategoryLabel(category) }));
  if (expense && !categoryOptions.some((option) => option.value === expense.categoryId)) {
    categoryOptions.push({
      value: expense.categoryId,
      label: expenseCategoryLabel({ name: expense.categoryName, utbmsExpenseCode: expense.utbmsExpenseCode }),
    });
  }
  const currencyOptions = (currencies.data ?? []).map((item) => ({ value: String(item.id), label: currencyLabel(item) }));

  const chosenType = values.isFirmExpense ? 'firm' : 'client';
  const changeType = (type: string) => {
    const isFirm = type === 'firm';
    setValue('isFirmExpense', isFirm);
    if (isFirm) {
      setValue('clientId', '');
      setValue('matterId', '');
      setValue('isBillable', IS_BILLABLE.notBillable);
    } else {
      setValue('isBillable', IS_BILLABLE.billable);
    }
  };

  const changeCurrency = async (currencyId: string) => {
    setValue('foreignCurrencyId', currencyId);
    setHasNoFirmRate(false);
    if (!isForeignCurrency({ foreignCurrencyId: currencyId }, homeCurrencyId) || homeCurrencyId === null) {
      setValue('exchangeRate', '1');
      return;
    }
    const rate = await getExchangeRate(homeCurrencyId, Number(currencyId), workingUser?.businessId ?? null);
    if (latest.current.foreignCurrencyId !== currencyId) return;
    setValue('exchangeRate', rate ?? '');
    setHasNoFirmRate(rate === null);
  };

  const submit = form.onSubmit((data) =>
    unsaved.whileSaving(async () => {
      const body = parsedBodyOf(data, homeCurrencyId);
      let id = expense?.id ?? createdId.current;
      if (expense) await updateExpense(expense.id, body);
      else if (!id) {
        id = await createExpense(body, idempotency.key);
        createdId.current = id;
      }
      if (!id) throw new Error('The saved expense has no id');
      let uploadFailed = false;
      const left: File[] = [];
      for (const file of pendingReceipts) {
        try {
          await uploadExpenseReceipt(id, file);
        } catch (error) {
          uploadFailed = true;
          left.push(file);
          toast.error(`${file.name}: ${error instanceof Error ? error.message : 'not uploaded'}`);
        }
      }
      setPendingReceipts(left);
      await queryClient.invalidateQueries({ queryKey: expenseKeys.all });
      onSaved(id, { uploadFailed });
    }),
  );

  const span = { base: 12, sm: 6 };
  const isLocked = expense?.isLocked === true;
  const disabled = !canEdit || isLocked;

  return (
    <form onSubmit={submit} noValidate aria-label={expense ? 'Edit expense' : 'Add expense'}>
      <Stack gap="md">
        {isLocked && (
          <Text c="dimmed" size="sm">
            {expense?.billedOnInvoiceNumber ? billedLockMessage(expense.billedOnInvoiceNumber) : EXPENSE_MESSAGES.locked}
          </Text>
        )}
        <Paper withBorder p="md" radius="md">
          <Grid gap="sm">
            <Grid.Col span={12}>
              <Text size="sm" fw={500} mb={4} id="expense-type-label">
                Expense type
              </Text>
              {disabled || expense !== null ? (
                // A saved expense keeps its type: said in words (disabled buttons hid which one it is).
                <Text data-testid="expense-type">{TYPE_OPTIONS.find((option) => option.value === chosenType)?.label}</Text>
              ) : (
                // Two toggle buttons rather than a SegmentedControl: its sliding indicator was 1.7 KB of a page at its budget.
                <Button.Group aria-labelledby="expense-type-label">
                  {TYPE_OPTIONS.map((option) => (
                    <Button
                      key={option.value}
                      variant={option.value === chosenType ? 'filled' : 'default'}
                      aria-pressed={option.value === chosenType}
                      onClick={() => changeType(option.value)}
                    >
                      {option.label}
                    </Button>
                  ))}
                </Button.Group>
              )}
            </Grid.Col>
            {isClient && (
              <Grid.Col span={span}>
                <ClientSelect
                  label="Client"
                  withAsterisk
                  people={[...people, ...extraPeople]}
                  companies={companies}
                  value={values.clientId}
                  disabled={disabled}
                  onChange={(clientId) => {
                    touch('clientId');
                    if (clientId === values.clientId) return;
                    setValue('clientId', clientId);
                    setValue('matterId', '');
                  }}
                  onBlur={() => touch('clientId')}
                  error={form.errorFor('clientId')}
                />
              </Grid.Col>
            )}
            {isClient && (
              <Grid.Col span={span}>
                <SearchableSelect
                  label="Matter"
                  withAsterisk
                  entity="matter"
                  placeholder={values.clientId ? 'Select matter' : 'Choose a client first'}
                  disabled={disabled || values.clientId === ''}
                  options={matterOptions}
                  {...form.selectProps('matterId')}
                  onChange={(matterId) => {
                    setValue('matterId', matterId);
                    touch('matterId');
                  }}
                />
              </Grid.Col>
            )}
            <Grid.Col span={span}>
              <DatePickerField
                label="Date"
                withAsterisk
                value={dateText}
                disabled={disabled}
                onChange={(monthDayYear) => {
                  setDateText(monthDayYear);
                  setValue('expenseDate', monthDayYearToIsoDate(monthDayYear) ?? '');
                }}
                onBlur={() => touch('expenseDate')}
                error={form.errorFor('expenseDate')}
              />
            </Grid.Col>
            <Grid.Col span={span}>
              <SearchableSelect
                label="Category"
                withAsterisk
                entity="category"
                placeholder="Select category"
                options={categoryOptions}
                disabled={disabled}
                description={categories.data?.length === 0 ? 'Add categories under Settings → Expense Categories' : undefined}
                {...form.selectProps('categoryId')}
                onChange={(categoryId) => {
                  setValue('categoryId', categoryId);
                  touch('categoryId');
                }}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              {/* A plain textarea through InputBase: Mantine's Textarea brings its autosize code (1.2 KB) along. */}
              <InputBase
                component="textarea"
                multiline
                label="Description"
                withAsterisk
                rows={2}
                disabled={disabled}
                {...form.inputProps('description')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Quantity"
                withAsterisk
                inputMode="decimal"
                autoComplete="off"
                disabled={disabled}
                {...form.inputProps('quantity')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <MoneyInput
                label="Unit cost"
                withAsterisk
                leftSection={expenseSymbol || undefined}
                value={values.unitCost}
                disabled={disabled}
                onChange={(unitCost) => setValue('unitCost', unitCost)}
                onBlur={() => touch('unitCost')}
                error={form.errorFor('unitCost')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Text size="sm" fw={500}>
                Amount
              </Text>
              <Text size="lg" fw={700} data-testid="expense-amount" aria-live="polite">
                {amount === null ? '—' : formatAmount(amount, expenseSymbol)}
              </Text>
              {isForeign && homeAmount !== null && (
                <Text size="xs" c="dimmed" data-testid="expense-home-amount">
                  {formatAmount(homeAmount, homeSymbol)} at home
                </Text>
              )}
            </Grid.Col>
            {canChooseCurrency && (
              <Grid.Col span={span}>
                <SearchableSelect
                  label="Currency"
                  entity="currency"
                  placeholder="Select currency"
                  options={currencyOptions}
                  value={values.foreignCurrencyId}
                  disabled={disabled}
                  onChange={(currencyId) => void changeCurrency(currencyId)}
                />
              </Grid.Col>
            )}
            {isForeign && (
              <Grid.Col span={span}>
                <TextInput
                  label="Exchange Rate"
                  withAsterisk
                  inputMode="decimal"
                  autoComplete="off"
                  disabled={disabled}
                  description={
                    hasNoFirmRate
                      ? `No exchange rate is set for ${currency?.isoCurrenyCode ?? ''}: type the rate for this expense.`
                      : `${workingUser?.currencyISOCode ?? homeSymbol} for 1 ${currency?.isoCurrenyCode ?? ''}`
                  }
                  {...form.inputProps('exchangeRate')}
                />
              </Grid.Col>
            )}
            {isClient && (
              <Grid.Col span={12}>
                <Switch
                  label="Billable"
                  description="A billable client expense can be added to the client's invoice once approved."
                  checked={values.isBillable === IS_BILLABLE.billable}
                  disabled={disabled}
                  onChange={(event) => setValue('isBillable', event.currentTarget.checked ? IS_BILLABLE.billable : IS_BILLABLE.notBillable)}
                />
              </Grid.Col>
            )}
            <Grid.Col span={span}>
              <TextInput label="Payee" disabled={disabled} {...form.inputProps('payee')} />
            </Grid.Col>
            <Grid.Col span={span}>
              <TextInput label="Reference" description="Invoice or receipt number" disabled={disabled} {...form.inputProps('reference')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <InputBase component="textarea" multiline label="Note" rows={2} disabled={disabled} {...form.inputProps('note')} />
            </Grid.Col>
            {expense === null && (
              <Grid.Col span={12}>
                {/* A switch like Billable above: one toggle component on the page, not two. */}
                <Switch
                  label={REQUEST_LABEL}
                  description="It waits as Pending approval until an approver approves or rejects it."
                  checked={values.isExpenseRequest}
                  disabled={disabled}
                  onChange={(event) => setValue('isExpenseRequest', event.currentTarget.checked)}
                />
              </Grid.Col>
            )}
          </Grid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <ReceiptsSection
            expenseId={expense?.id ?? null}
            receipts={expense?.receipts ?? []}
            pending={pendingReceipts}
            onPendingChange={setPendingReceipts}
            canChange={!disabled}
            onRemoved={() => void queryClient.invalidateQueries({ queryKey: expenseKeys.all })}
          />
        </Paper>
        <Group justify="flex-end">
          <Button component={Link} to={cancelTo} variant="default">
            {disabled ? 'Back' : 'Cancel'}
          </Button>
          {!disabled && <SubmitButton isSubmitting={form.isSubmitting}>{expense ? 'Save changes' : 'Save expense'}</SubmitButton>}
        </Group>
      </Stack>
      {unsaved.prompt}
    </form>
  );
}
