import {
  computeExpenseAmounts,
  EXPENSE_MESSAGES,
  IS_BILLABLE,
  MONEY_DECIMALS,
  TIME_ENTRY_RULE_MESSAGES,
  toScaled,
  type ExpenseInputParsed,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  currencyExists,
  findCategoryReference,
  findFirmCurrency,
  findFirmExchangeRate,
  findMatterReference,
  type ExpenseValues,
} from './expenses.repository.ts';
import type { LockedExpense } from './expenses.rules.ts';

/** Largest value the amount columns hold: numeric(14, 2). */
const MAX_AMOUNT = toScaled('999999999999.99', MONEY_DECIMALS);
const MAX_EXCHANGE_RATE = 10_000_000_000;

/**
 * Every id in the body is looked up in the firm's own rows (another firm's answers "not found").
 * A reference that stays as it was may since have closed or been deleted; a new one may not.
 */
export async function checkReferences(tx: Tx, firmId: string, input: ExpenseInputParsed, previous: LockedExpense | null) {
  if (!input.isFirmExpense) {
    const matter = await findMatterReference(tx, firmId, input.matterId!);
    const isNewMatter = input.matterId !== previous?.matterId;
    if (!matter || (!matter.isLive && isNewMatter)) throw notFound('Matter');
    if (matter.clientId !== input.clientId)
      throw badRequest(EXPENSE_MESSAGES.matterNotOfClient, { matterId: EXPENSE_MESSAGES.matterNotOfClient });
    if (matter.status === 'Closed' && isNewMatter)
      throw badRequest(EXPENSE_MESSAGES.matterClosed, { matterId: EXPENSE_MESSAGES.matterClosed });
  }
  const category = await findCategoryReference(tx, firmId, input.categoryId);
  if (!category || (!category.isLive && input.categoryId !== previous?.categoryId)) throw notFound('Category');
}

/**
 * The rate a foreign-currency expense sent without one takes: the firm's own, as the form pre-fills
 * it, so that exchangeRate is as optional as the contract says. Only a firm that has set no rate for
 * the currency is asked for one.
 */
async function firmRateOf(tx: Tx, firmId: string, foreignCurrencyId: number): Promise<string> {
  const rate = await findFirmExchangeRate(tx, firmId, foreignCurrencyId);
  if (rate === null) throw badRequest(EXPENSE_MESSAGES.exchangeRateNotSet, { exchangeRate: EXPENSE_MESSAGES.exchangeRateRequired });
  return rate;
}

/**
 * The stored values: references as given, currency and amounts as the server works them out. A
 * foreign currency needs the firm's multicurrency setting (unless the expense already has it) and
 * an exchange rate, the one sent or else the firm's own; the home currency always has rate 1. A
 * firm expense is never billable.
 */
export async function valuesOf(tx: Tx, firmId: string, input: ExpenseInputParsed, previous: LockedExpense | null): Promise<ExpenseValues> {
  const firm = await findFirmCurrency(tx, firmId);
  const homeCurrencyId = firm?.homeCurrencyId ?? null;
  let foreignCurrencyId = input.foreignCurrencyId ?? null;
  let exchangeRate = '1';
  if (foreignCurrencyId === homeCurrencyId) foreignCurrencyId = null;
  if (foreignCurrencyId !== null) {
    if (!firm?.multicurrency && foreignCurrencyId !== previous?.foreignCurrencyId)
      throw badRequest(TIME_ENTRY_RULE_MESSAGES.currencyLocked, { foreignCurrencyId: TIME_ENTRY_RULE_MESSAGES.currencyLocked });
    if (!(await currencyExists(tx, foreignCurrencyId))) throw notFound('Currency');
    exchangeRate = input.exchangeRate ?? (await firmRateOf(tx, firmId, foreignCurrencyId));
    if (Number(exchangeRate) >= MAX_EXCHANGE_RATE)
      throw badRequest('Exchange Rate is too large', { exchangeRate: 'Exchange Rate is too large' });
  }
  const amounts = computeExpenseAmounts({ quantity: input.quantity, unitCost: input.unitCost, exchangeRate });
  for (const value of [amounts.amount, amounts.homeAmount]) {
    if (toScaled(value, MONEY_DECIMALS) > MAX_AMOUNT) throw badRequest('The amount is too large', { amount: 'The amount is too large' });
  }
  return {
    isFirmExpense: input.isFirmExpense,
    isExpenseRequest: input.isExpenseRequest,
    clientId: input.isFirmExpense ? null : input.clientId,
    matterId: input.isFirmExpense ? null : input.matterId,
    expenseDate: input.expenseDate,
    description: input.description,
    categoryId: input.categoryId,
    quantity: input.quantity,
    unitCost: input.unitCost,
    ...amounts,
    homeCurrencyId,
    foreignCurrencyId,
    exchangeRate,
    isBillable: input.isFirmExpense ? IS_BILLABLE.notBillable : input.isBillable,
    payee: input.payee,
    reference: input.reference,
    note: input.note,
  };
}
