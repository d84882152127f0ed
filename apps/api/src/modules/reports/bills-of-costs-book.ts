import { addMoney, subtractMoney, type ReportCheck, type ReportColumn } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { findBillsOfCosts, sumBillsOfCosts, type BillFilters } from './bills-of-costs.repository.ts';
import type { BookPage, BookPart } from './client-money-books.ts';
import { findLedgerAccountLabel } from './client-money.repository.ts';
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

/**
 * The record of bills of costs (Legal Practitioners' Accounts Rules 1964): every bill delivered, its
 * profit costs (fees for time and flat fees) distinguished from its disbursements (expenses), with
 * tax and total; a bill voided after issue stays on the record, marked, outside the totals. The
 * screen reads a page of the bills (`page`), the printed book all of them; both take their totals
 * and checks from the same sums of every bill in the period.
 */
export async function billsOfCostsBook(tx: Tx, firmId: string, filters: BillFilters, page: BookPage | null): Promise<BookPart> {
  const [bills, sums, receivableLabel] = await Promise.all([
    findBillsOfCosts(tx, firmId, filters, page ? { limit: page.size, offset: page.offset } : undefined),
    sumBillsOfCosts(tx, firmId, filters),
    findLedgerAccountLabel(tx, firmId, 'accounts-receivable'),
  ]);
  const live = sums.filter((sum) => sum.bills > 0);
  const billCount = (count: number) => `${count} ${count === 1 ? 'bill' : 'bills'}`;
  const checks: ReportCheck[] = live.flatMap((sum) => {
    const currency = sum.currencyCode;
    return [
      {
        name: `Each bill: profit costs + disbursements − discount + tax = total, ${currency}`,
        expected: billCount(sum.bills),
        actual: `${sum.agreeing} agree`,
        pass: sum.agreeing === sum.bills,
      },
      moneyCheck(
        `Σ profit costs + Σ disbursements − Σ discounts + Σ tax = Σ totals, ${currency}`,
        addMoney(subtractMoney(addMoney(sum.profitCosts, sum.disbursements), sum.discount), sum.tax),
        sum.total,
      ),
      moneyCheck(`Σ profit costs = Σ the bills’ time and flat-fee lines, ${currency}`, sum.profitCosts, sum.feeLines),
      moneyCheck(`Σ disbursements = Σ the bills’ expense lines, ${currency}`, sum.disbursements, sum.expenseLines),
      moneyCheck(
        `Σ totals = ${receivableLabel} debited in the ledger on issuing these bills, ${currency}`,
        sum.total,
        sum.receivablePosted,
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
    totals: live.map((sum) => ({
      cells: {
        date: `Total ${sum.currencyCode}`,
        number: billCount(sum.bills),
        currency: sum.currencyCode,
        profitCosts: sum.profitCosts,
        disbursements: sum.disbursements,
        discount: sum.discount,
        tax: sum.tax,
        total: sum.total,
      },
      drill: null,
    })),
    formula:
      'Every bill delivered (an invoice once issued), by date and number: profit costs = fees for time and flat fees billed; disbursements = expenses billed; total = profit costs + disbursements − discount + tax, in the bill’s currency. A bill voided after issue stays on the record, marked Void, outside the totals; credit notes are not bills and are not deducted here.',
    checks,
    page: page ? { page: page.page, size: page.size, totalCount: sums.reduce((count, sum) => count + sum.rows, 0) } : null,
  };
}
