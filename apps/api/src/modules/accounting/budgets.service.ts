import {
  BUDGET_MESSAGES,
  fiscalYearLabel,
  fiscalYearMonths,
  fiscalYearOf,
  fiscalYearRange,
  fromCents,
  hasPermissions,
  monthLabel,
  toCents,
  type Budget,
  type budgetInputSchema,
  type budgetQuerySchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { homeCurrencyOf } from '../../platform/ledger/ledger.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import * as repository from './budgets.repository.ts';
import { signedAmount } from './statements.rules.ts';
import { findChart, findStatementFirm, sumMonthlyTotals } from './statements.repository.ts';

type Query = z.output<typeof budgetQuerySchema>;
type Input = z.output<typeof budgetInputSchema>;
type Source = Budget['source'];

/**
 * Firm budgets (issue 36): an amount per income and expense account per month of a fiscal year, in
 * the home currency, saved as a whole grid. Income is budgeted as income expected and expenses as
 * cost expected, both positive, as the profit and loss account shows them.
 */
async function viewOf(tx: Tx, firmId: string, fiscalYear: number | undefined, source: 'saved' | 'lastYearActuals'): Promise<Budget> {
  const firm = await findStatementFirm(tx, firmId);
  const startMonth = firm.fiscalYearStartMonth;
  const year = fiscalYear ?? fiscalYearOf(firm.today, startMonth);
  const months = fiscalYearMonths(year, startMonth);
  const monthIndex = new Map(months.map((month, index) => [month, index]));
  const home = await homeCurrencyOf(tx, firmId);
  const chart = await findChart(tx, firmId);
  const accounts = chart.filter((account) => account.type === 'income' || account.type === 'expense');
  const saved = await repository.findBudget(tx, firmId, year);

  const grid = new Map<string, bigint[]>();
  const cell = (accountId: string) => grid.get(accountId) ?? grid.set(accountId, Array<bigint>(12).fill(0n)).get(accountId)!;
  let answered: Source = 'none';
  let currencyCode = saved?.currencyCode ?? home;
  if (source === 'lastYearActuals') {
    answered = 'lastYearActuals';
    currencyCode = home;
    const previous = fiscalYearRange(year - 1, startMonth);
    const previousMonths = new Map(fiscalYearMonths(year - 1, startMonth).map((month, index) => [month, index]));
    const types = new Map(accounts.map((account) => [account.id, account.type]));
    for (const row of await sumMonthlyTotals(tx, firmId, previous.fromDate, previous.toDate)) {
      const type = types.get(row.accountId);
      const index = previousMonths.get(row.month);
      if (!type || index === undefined || row.currencyCode !== home) continue;
      cell(row.accountId)[index]! += signedAmount(type, { debit: toCents(row.debit), credit: toCents(row.credit) });
    }
  } else if (saved) {
    answered = 'saved';
    for (const row of await repository.findBudgetAmounts(tx, firmId, saved.id)) {
      const index = monthIndex.get(row.month);
      if (index !== undefined) cell(row.accountId)[index]! += toCents(row.amount);
    }
  }

  const listed = accounts.filter((account) => account.isActive || (grid.get(account.id) ?? []).some((amount) => amount !== 0n));
  const sumMonths = (type: string) =>
    months.map((_, index) =>
      listed.filter((account) => account.type === type).reduce((sum, account) => sum + (grid.get(account.id)?.[index] ?? 0n), 0n),
    );
  const income = sumMonths('income');
  const expenses = sumMonths('expense');
  const totalsOf = (amounts: bigint[]) => ({
    amounts: amounts.map(fromCents),
    total: fromCents(amounts.reduce((sum, amount) => sum + amount, 0n)),
  });
  const range = fiscalYearRange(year, startMonth);
  return {
    fiscalYear: year,
    label: fiscalYearLabel(year, startMonth),
    fromDate: range.fromDate,
    toDate: range.toDate,
    months: months.map((month) => ({ month, label: monthLabel(month) })),
    currencyCode,
    source: answered,
    isSaved: saved !== null,
    updatedAt: saved ? saved.updatedAt.toISOString() : null,
    accounts: listed.map((account) => {
      const amounts = grid.get(account.id) ?? Array<bigint>(12).fill(0n);
      return {
        accountId: account.id,
        number: account.number,
        name: account.name,
        type: account.type as 'income' | 'expense',
        parentId: account.parentId,
        isActive: account.isActive,
        amounts: amounts.map(fromCents),
        total: fromCents(amounts.reduce((sum, amount) => sum + amount, 0n)),
      };
    }),
    income: totalsOf(income),
    expenses: totalsOf(expenses),
    netIncome: totalsOf(income.map((amount, index) => amount - expenses[index]!)),
    savedYears: await repository.findSavedYears(tx, firmId),
  };
}

export function createBudgetService(database: Database) {
  return {
    view(principal: FirmPrincipal, query: Query): Promise<Budget> {
      return database.withFirm(
        principal.firmId,
        (tx) => viewOf(tx, principal.firmId, query.FiscalYear, query.CopyFrom ?? 'saved'),
        READ_ONLY,
      );
    },

    /**
     * Saves a fiscal year's whole grid in one transaction, replacing any saved before: starting a
     * year's budget needs budget.create, changing one budget.edit. Every line's account must be one
     * of the firm's income or expense accounts (another firm's is 404, as everywhere).
     */
    async save(principal: FirmPrincipal, input: Input): Promise<Budget> {
      try {
        return await database.withFirm(principal.firmId, async (tx) => {
          const chart = new Map((await findChart(tx, principal.firmId)).map((account) => [account.id, account]));
          const seen = new Set<string>();
          input.lines.forEach((line, index) => {
            const account = chart.get(line.accountId);
            if (!account) throw notFound('Account');
            const where = `Line ${index + 1}: account ${account.number} ${account.name}`;
            if (account.type !== 'income' && account.type !== 'expense') throw badRequest(`${where} ${BUDGET_MESSAGES.accountType}`);
            if (seen.has(account.id)) throw badRequest(`${where} ${BUDGET_MESSAGES.duplicateAccount}`);
            seen.add(account.id);
          });
          const existing = await repository.lockBudget(tx, principal.firmId, input.fiscalYear);
          const needed = existing ? 'budget.edit' : 'budget.create';
          if (!hasPermissions(principal.permissions, [needed]))
            throw forbidden(existing ? BUDGET_MESSAGES.editPermission : BUDGET_MESSAGES.createPermission);
          const currencyCode = await homeCurrencyOf(tx, principal.firmId);
          const budgetId =
            existing?.id ??
            (await repository.insertBudget(tx, {
              firmId: principal.firmId,
              fiscalYear: input.fiscalYear,
              currencyCode,
              updatedByUserId: principal.userId,
            }));
          if (existing) await repository.touchBudget(tx, principal.firmId, budgetId, { currencyCode, updatedByUserId: principal.userId });
          const { fiscalYearStartMonth } = await findStatementFirm(tx, principal.firmId);
          const months = fiscalYearMonths(input.fiscalYear, fiscalYearStartMonth);
          const amounts = input.lines.flatMap((line) =>
            line.amounts.flatMap((amount, index) =>
              toCents(amount) === 0n ? [] : [{ accountId: line.accountId, month: months[index]!, amount: fromCents(toCents(amount)) }],
            ),
          );
          await repository.replaceBudgetAmounts(tx, principal.firmId, budgetId, amounts);
          const view = await viewOf(tx, principal.firmId, input.fiscalYear, 'saved');
          await recordAuditEvent(tx, principal, 'firmBudget.saved', budgetId, {
            fiscalYear: input.fiscalYear,
            currencyCode,
            accounts: input.lines.length,
            replaced: existing !== null,
            income: view.income.total,
            expenses: view.expenses.total,
          });
          return view;
        });
      } catch (error) {
        // Two first saves of one year at once: the other one won; this one may be sent again (as an edit).
        if (isUniqueViolation(error)) throw conflict('This budget was just saved by someone else; open it again and save your changes');
        throw error;
      }
    },

    async remove(principal: FirmPrincipal, fiscalYear: number): Promise<void> {
      await database.withFirm(principal.firmId, async (tx) => {
        const budget = await repository.findBudget(tx, principal.firmId, fiscalYear);
        if (!budget) throw new AppError(404, BUDGET_MESSAGES.notFound, undefined, 'NOT_FOUND');
        await repository.deleteBudget(tx, principal.firmId, fiscalYear);
        await recordAuditEvent(tx, principal, 'firmBudget.deleted', budget.id, { fiscalYear });
      });
    },
  };
}
