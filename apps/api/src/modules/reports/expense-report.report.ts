import { addMoney, reportContracts, type ReportColumn, type ReportRow } from '@matterhorn/shared';
import { currenciesOf } from './client-money-checks.ts';
import { findReportExpenses, sumReportExpenses, type ExpenseReportFilters } from './expense-report.repository.ts';
import { defineReport } from './report-definition.ts';
import { criteriaOf, moneyCheck } from './report-texts.ts';

const columnsOf = (home: string): ReportColumn[] => [
  { key: 'date', label: 'Date', kind: 'date', drill: null },
  { key: 'owner', label: 'Client / matter', kind: 'text', drill: null },
  { key: 'category', label: 'Category', kind: 'text', drill: null },
  { key: 'description', label: 'Description', kind: 'text', drill: null },
  { key: 'payee', label: 'Payee', kind: 'text', drill: null },
  { key: 'currency', label: 'Currency', kind: 'text', drill: null },
  { key: 'amount', label: 'Amount', kind: 'money', drill: null },
  { key: 'homeAmount', label: `Amount (${home})`, kind: 'money', drill: null },
  { key: 'billable', label: 'Billable', kind: 'text', drill: null },
  { key: 'approval', label: 'Approval', kind: 'text', drill: null },
  { key: 'payment', label: 'Payment', kind: 'text', drill: null },
  { key: 'invoice', label: 'Billed on', kind: 'text', drill: null },
];

/** Billed on, for an expense no issued invoice names: a draft holds it, or none may. */
const BILLING_NAMES: Record<string, string> = { Billed: 'A draft invoice', Unbilled: 'Unbilled', 'Not billable': 'Not billable' };

/** Expense report (issue 37, report 9): every expense the filters select, as recorded, with totals per currency. */
export const expenseReport = defineReport({
  contract: reportContracts.expenseReport,
  name: 'expense-report',
  async run(tx, context, query) {
    const home = context.homeCurrencyCode;
    const filters: ExpenseReportFilters = {
      from: query.From,
      to: query.To,
      clientId: query.ClientId,
      matterId: query.MatterId,
      addedByUserId: query.FeeEarnerId,
      status: query.Status,
    };
    const [expenses, sums] = await Promise.all([
      findReportExpenses(tx, context.firmId, filters),
      sumReportExpenses(tx, context.firmId, filters),
    ]);
    const currencyOf = (code: string | null) => code ?? home;
    const rows: ReportRow[] = expenses.map((expense) => ({
      cells: {
        date: expense.expenseDate,
        owner: expense.isFirmExpense ? 'Firm' : `${expense.clientName ?? ''} — ${expense.matterName ?? ''}`,
        category: expense.categoryName,
        description: expense.description,
        payee: expense.payee,
        currency: currencyOf(expense.currencyCode),
        amount: expense.amount,
        homeAmount: expense.homeAmount,
        billable: expense.isBillable ? 'Yes' : 'No',
        approval: expense.approvalStatus,
        payment: expense.paymentStatus,
        invoice: expense.invoiceNumber ?? BILLING_NAMES[expense.billingStatus] ?? expense.billingStatus,
      },
      drill: null,
    }));

    const byCurrency = new Map<string, { amount: string; homeAmount: string; paid: string; count: number }>();
    for (const expense of expenses) {
      const currency = currencyOf(expense.currencyCode);
      const sum = byCurrency.get(currency) ?? { amount: '0.00', homeAmount: '0.00', paid: '0.00', count: 0 };
      byCurrency.set(currency, {
        amount: addMoney(sum.amount, expense.amount),
        homeAmount: addMoney(sum.homeAmount, expense.homeAmount),
        paid: expense.paymentStatus === 'Paid' ? addMoney(sum.paid, expense.amount) : sum.paid,
        count: sum.count + 1,
      });
    }
    const table = new Map(sums.map((sum) => [currencyOf(sum.currencyCode), sum]));
    const currencies = currenciesOf(byCurrency, table);
    const totals: ReportRow[] = currencies
      .filter((currency) => byCurrency.has(currency))
      .map((currency) => {
        const sum = byCurrency.get(currency)!;
        return {
          cells: {
            date: `Total ${currency}`,
            owner: `${sum.count} ${sum.count === 1 ? 'expense' : 'expenses'}`,
            currency,
            amount: sum.amount,
            homeAmount: sum.homeAmount,
          },
          drill: null,
        };
      });
    if (byCurrency.size > 1)
      totals.push({
        cells: { date: `Total in ${home}`, homeAmount: addMoney('0', ...[...byCurrency.values()].map((sum) => sum.homeAmount)) },
        drill: null,
      });

    return {
      level: 'summary',
      criteria: criteriaOf(context, query, {
        dates: 'Expense dates',
        extra: query.Status ? [`Status: ${query.Status}`] : [],
      }),
      columns: columnsOf(home),
      rows,
      totals,
      formula: `Each expense as recorded: amount = quantity × unit cost in its own currency; amount (${home}) = amount × the exchange rate it was entered at. Totals per currency (currencies are never added together; their ${home} amounts are). An expense is a client’s (its client and matter) or the firm’s own; Billed on names the live invoice that bills it.`,
      dateBasis: 'Expense date: the date the cost was incurred, as entered.',
      rounding: 'Each amount was rounded half-up to the cent once, when the expense was saved; sums are exact.',
      checks: currencies.flatMap((currency) => {
        const own = byCurrency.get(currency);
        const stored = table.get(currency);
        return [
          moneyCheck(`Σ rows = Σ expenses in the filter (expenses table), ${currency}`, own?.amount ?? '0.00', stored?.amount ?? '0.00'),
          moneyCheck(
            `Σ rows’ ${home} amounts = Σ expenses’ ${home} amounts in the filter, ${currency}`,
            own?.homeAmount ?? '0.00',
            stored?.homeAmount ?? '0.00',
          ),
          moneyCheck(
            `Σ paid rows = firm expenses + client costs advanced debited on their payments in the ledger, ${currency}`,
            own?.paid ?? '0.00',
            stored?.paidPosted ?? '0.00',
          ),
        ];
      }),
      page: null,
    };
  },
});
