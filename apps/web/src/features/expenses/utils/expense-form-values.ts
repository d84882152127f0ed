import {
  DEFAULT_EXCHANGE_RATE,
  EXPENSE_MESSAGES,
  EXPENSE_RECEIPT_MAX_BYTES,
  EXPENSE_RECEIPT_TYPES,
  expenseInputSchema,
  IS_BILLABLE,
  todayIso,
  type Expense,
  type ExpenseInputParsed,
} from '@matterhorn/shared';
import { z } from 'zod';

/** What the form's inputs hold: text everywhere, '' when empty. */
export type ExpenseFormValues = {
  isFirmExpense: boolean;
  isExpenseRequest: boolean;
  clientId: string;
  matterId: string;
  expenseDate: string;
  categoryId: string;
  description: string;
  quantity: string;
  unitCost: string;
  isBillable: number;
  foreignCurrencyId: string;
  exchangeRate: string;
  payee: string;
  reference: string;
  note: string;
};

export type NewExpenseDefaults = { isFirmExpense: boolean; clientId?: string; matterId?: string; homeCurrencyId: number | null };

export function newExpenseValues({ isFirmExpense, clientId = '', matterId = '', homeCurrencyId }: NewExpenseDefaults): ExpenseFormValues {
  return {
    isFirmExpense,
    isExpenseRequest: false,
    clientId: isFirmExpense ? '' : clientId,
    matterId: isFirmExpense ? '' : matterId,
    expenseDate: todayIso(),
    categoryId: '',
    description: '',
    quantity: '1',
    unitCost: '',
    isBillable: isFirmExpense ? IS_BILLABLE.notBillable : IS_BILLABLE.billable,
    foreignCurrencyId: homeCurrencyId === null ? '' : String(homeCurrencyId),
    exchangeRate: DEFAULT_EXCHANGE_RATE,
    payee: '',
    reference: '',
    note: '',
  };
}

export function expenseValues(expense: Expense, homeCurrencyId: number | null): ExpenseFormValues {
  const currencyId = expense.foreignCurrencyId ?? homeCurrencyId;
  return {
    isFirmExpense: expense.isFirmExpense,
    isExpenseRequest: expense.isExpenseRequest,
    clientId: expense.clientId ?? '',
    matterId: expense.matterId ?? '',
    expenseDate: expense.expenseDate.slice(0, 10),
    categoryId: expense.categoryId,
    description: expense.description,
    quantity: expense.quantity,
    unitCost: expense.unitCost,
    isBillable: expense.isBillable,
    foreignCurrencyId: currencyId === null ? '' : String(currencyId),
    exchangeRate: expense.exchangeRate || DEFAULT_EXCHANGE_RATE,
    payee: expense.payee ?? '',
    reference: expense.reference ?? '',
    note: expense.note ?? '',
  };
}

export function isForeignCurrency(values: Pick<ExpenseFormValues, 'foreignCurrencyId'>, homeCurrencyId: number | null): boolean {
  return values.foreignCurrencyId !== '' && homeCurrencyId !== null && values.foreignCurrencyId !== String(homeCurrencyId);
}

/**
 * The create/update body: a firm expense sends no client or matter and is never billable; the home
 * currency sends no currency or rate. The server computes the amounts.
 */
export function expenseBodyOf(values: ExpenseFormValues, homeCurrencyId: number | null): Record<string, unknown> {
  const isForeign = isForeignCurrency(values, homeCurrencyId);
  return {
    isFirmExpense: values.isFirmExpense,
    isExpenseRequest: values.isExpenseRequest,
    clientId: values.isFirmExpense ? null : values.clientId,
    matterId: values.isFirmExpense ? null : values.matterId,
    expenseDate: values.expenseDate,
    description: values.description,
    categoryId: values.categoryId,
    quantity: values.quantity.trim(),
    unitCost: values.unitCost.replace(/,/g, '').trim(),
    isBillable: values.isFirmExpense ? IS_BILLABLE.notBillable : values.isBillable,
    foreignCurrencyId: isForeign ? Number(values.foreignCurrencyId) : null,
    exchangeRate: isForeign ? values.exchangeRate : null,
    payee: values.payee,
    reference: values.reference,
    note: values.note,
  };
}

/**
 * The form's rules: the shared contract's (through the body it would send) plus the ones a strict
 * schema cannot say while other fields are still wrong (client and matter of a client expense, the
 * rate of a foreign currency), so every empty field shows its message at once.
 */
export function expenseFormSchema(homeCurrencyId: number | null) {
  return z.custom<ExpenseFormValues>().superRefine((values, context) => {
    const add = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (!values.isFirmExpense) {
      if (!values.clientId) add('clientId', EXPENSE_MESSAGES.clientRequired);
      if (!values.matterId) add('matterId', EXPENSE_MESSAGES.matterRequired);
    }
    if (isForeignCurrency(values, homeCurrencyId) && values.exchangeRate.trim() === '')
      add('exchangeRate', EXPENSE_MESSAGES.exchangeRateRequired);
    const parsed = expenseInputSchema.safeParse(expenseBodyOf(values, homeCurrencyId));
    if (!parsed.success) for (const issue of parsed.error.issues) add(String(issue.path[0] ?? ''), issue.message);
  });
}

export function parsedBodyOf(values: ExpenseFormValues, homeCurrencyId: number | null): ExpenseInputParsed {
  return expenseInputSchema.parse(expenseBodyOf(values, homeCurrencyId));
}

/** A receipt the browser can check before sending: the server checks its content again. */
export function receiptProblem(file: File): string | null {
  const isHeicByName = /\.(heic|heif)$/i.test(file.name);
  if (!(EXPENSE_RECEIPT_TYPES as readonly string[]).includes(file.type) && !isHeicByName) return EXPENSE_MESSAGES.receiptType;
  if (file.size > EXPENSE_RECEIPT_MAX_BYTES) return EXPENSE_MESSAGES.receiptTooLarge;
  return null;
}
