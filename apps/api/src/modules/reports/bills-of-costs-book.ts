import { addMoney, subtractMoney, toCents, type ReportCheck, type ReportColumn } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { findBillsOfCosts, type BillFilters, type BillRow } from './bills-of-costs.repository.ts';
import { currenciesOf } from './client-money-checks.ts';
import { findLedgerAccountLabel } from './client-money.repository.ts';
import type { ReportBody } from './report-definition.ts';
import { moneyCheck } from './report-texts.ts';

const COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date', drill: null },
  { key: 'number', label: 'Bill no.', kind: 'text', drill: null },
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'currency', label: 'Currency', kind: 'text', drill: null },
  { key: 'profitCosts', label: 'Profit costs', kind: 'money', drill: null },
  { key: 'disbursements', label: 'Disbursements', kind: 'money', drill: null },
  { key: 'discount', label: 'Discount', kind: 'money', drill: null },
  { key: 'tax', label: 'Tax', kind: 'money', drill: null },
  { key: 'total', label: 'Total', kind: 'money', drill: null },
  { key: 'status', label: 'Status', kind: 'text', drill: null },
];

const STATUS_NAMES: Record<string, string> = { Approved: 'Issued', Sent: 'Sent', PartlyPaid: 'Part paid', Paid: 'Paid', Void: 'Void' };

/** A bill's own sum: profit costs + disbursements − discount + tax. */
const sumOfParts = (bill: BillRow) => addMoney(subtractMoney(addMoney(bill.profitCosts, bill.disbursements), bill.discount), bill.tax);
const sumField = (bills: readonly BillRow[], field: keyof BillRow) => addMoney('0', ...bills.map((bill) => bill[field] as string));

/**
 * The record of bills of costs (Legal Practitioners' Accounts Rules 1964): every bill delivered, its
 * profit costs (fees for time and flat fees) distinguished from its disbursements (expenses), with
 * tax and total; a bill voided after issue stays on the record, marked, outside the totals.
 */
export async function billsOfCostsBook(
  tx: Tx,
  firmId: string,
  filters: BillFilters,
): Promise<Pick<ReportBody, 'columns' | 'rows' | 'totals' | 'formula' | 'checks'>> {
  const [bills, receivableLabel] = await Promise.all([
    findBillsOfCosts(tx, firmId, filters),
    findLedgerAccountLabel(tx, firmId, 'accounts-receivable'),
  ]);
  const live = bills.filter((bill) => bill.status !== 'Void');
  const byCurrency = new Map<string, BillRow[]>();
  for (const bill of live) byCurrency.set(bill.currencyCode, [...(byCurrency.get(bill.currencyCode) ?? []), bill]);
  const checks: ReportCheck[] = currenciesOf(byCurrency).flatMap((currency) => {
    const own = byCurrency.get(currency)!;
    const agreeing = own.filter((bill) => toCents(sumOfParts(bill)) === toCents(bill.total)).length;
    return [
      {
        name: `Each bill: profit costs + disbursements − discount + tax = total, ${currency}`,
        expected: `${own.length} ${own.length === 1 ? 'bill' : 'bills'}`,
        actual: `${agreeing} agree`,
        pass: agreeing === own.length,
      },
      moneyCheck(
        `Σ profit costs + Σ disbursements − Σ discounts + Σ tax = Σ totals, ${currency}`,
        addMoney('0', ...own.map(sumOfParts)),
        sumField(own, 'total'),
      ),
      moneyCheck(
        `Σ profit costs = Σ the bills’ time and flat-fee lines, ${currency}`,
        sumField(own, 'profitCosts'),
        sumField(own, 'feeLines'),
      ),
      moneyCheck(
        `Σ disbursements = Σ the bills’ expense lines, ${currency}`,
        sumField(own, 'disbursements'),
        sumField(own, 'expenseLines'),
      ),
      moneyCheck(
        `Σ totals = ${receivableLabel} debited in the ledger on issuing these bills, ${currency}`,
        sumField(own, 'total'),
        sumField(own, 'receivablePosted'),
      ),
    ];
  });
  return {
    columns: COLUMNS,
    rows: bills.map((bill) => ({
      cells: {
        date: bill.issueDate,
        number: bill.invoiceNumber,
        client: bill.clientName,
        matter: bill.matters,
        currency: bill.currencyCode,
        profitCosts: bill.profitCosts,
        disbursements: bill.disbursements,
        discount: bill.discount,
        tax: bill.tax,
        total: bill.total,
        status: STATUS_NAMES[bill.status] ?? bill.status,
      },
      drill: null,
    })),
    totals: currenciesOf(byCurrency).map((currency) => {
      const own = byCurrency.get(currency)!;
      return {
        cells: {
          date: `Total ${currency}`,
          number: `${own.length} ${own.length === 1 ? 'bill' : 'bills'}`,
          currency,
          profitCosts: sumField(own, 'profitCosts'),
          disbursements: sumField(own, 'disbursements'),
          discount: sumField(own, 'discount'),
          tax: sumField(own, 'tax'),
          total: sumField(own, 'total'),
        },
        drill: null,
      };
    }),
    formula:
      'Every bill delivered (an invoice once issued), by date and number: profit costs = fees for time and flat fees billed; disbursements = expenses billed; total = profit costs + disbursements − discount + tax, in the bill’s currency. A bill voided after issue stays on the record, marked Void, outside the totals; credit notes are not bills and are not deducted here.',
    checks,
  };
}
