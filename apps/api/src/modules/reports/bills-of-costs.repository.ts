import { sql } from 'drizzle-orm';
import { ISSUED_INVOICE_STATUSES } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';

const ISSUED = sql.raw(`(${ISSUED_INVOICE_STATUSES.map((status) => `'${status}'`).join(', ')})`);

export type BillFilters = { from?: string | undefined; to: string; clientId?: string | undefined };

export type BillRow = {
  id: string;
  issueDate: string;
  invoiceNumber: string;
  clientName: string;
  matters: string;
  currencyCode: string;
  profitCosts: string;
  disbursements: string;
  discount: string;
  tax: string;
  total: string;
  status: string;
};

/** The bills of a period: issued (approved or sent, paid or not) or voided after issue, in their own currency. */
const billsIn = (firmId: string, filters: BillFilters) => sql`
  i.firm_id = ${firmId} and i.deleted_at is null and (i.status in ${ISSUED} or (i.status = 'Void' and i.issued_at is not null))
  and i.issue_date <= ${filters.to}
  ${filters.from ? sql`and i.issue_date >= ${filters.from}` : sql``}
  ${filters.clientId ? sql`and i.client_id = ${filters.clientId}` : sql``}`;

const currencyOf = sql`coalesce(currency.iso_code, home.iso_code, 'NGN')`;
const currencies = sql`join firms f on f.id = i.firm_id
  left join currencies currency on currency.id = i.currency_id
  left join currencies home on home.id = f.home_currency_id`;

/**
 * Every bill the firm delivered dated in the period, oldest first by date and number (a page of them,
 * or all for the printed book): its profit costs (time and flat fees) apart from its disbursements
 * (expenses), in its own currency.
 */
export function findBillsOfCosts(tx: Tx, firmId: string, filters: BillFilters, page?: { limit: number; offset: number }) {
  return rowsOf<BillRow>(
    tx.execute(sql`
      select i.id, to_char(i.issue_date, 'YYYY-MM-DD') as "issueDate", i.invoice_number as "invoiceNumber", c.display_name as "clientName",
        coalesce((select string_agg(coalesce(m.matter_number || ' ', '') || m.matter_name, '; ' order by m.matter_number, m.matter_name)
          from invoice_matters im join matters m on m.firm_id = im.firm_id and m.id = im.matter_id
          where im.firm_id = i.firm_id and im.invoice_id = i.id), '') as matters,
        ${currencyOf} as "currencyCode",
        (i.fees_subtotal + i.flat_fees_subtotal)::numeric(16, 2)::text as "profitCosts",
        i.expenses_subtotal::text as disbursements, i.discount_amount::text as discount, i.tax_amount::text as tax,
        i.total::text as total, i.status
      from invoices i join clients c on c.firm_id = i.firm_id and c.id = i.client_id ${currencies}
      where ${billsIn(firmId, filters)}
      order by i.issue_date, i.number_value, i.id
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`),
  );
}

export type BillSums = {
  currencyCode: string;
  /** Every bill of the currency, voided ones included (the book's rows). */
  rows: number;
  /** The live bills (not voided): the totals and checks are theirs. */
  bills: number;
  /** Live bills whose profit costs + disbursements − discount + tax = total. */
  agreeing: number;
  profitCosts: string;
  disbursements: string;
  discount: string;
  tax: string;
  total: string;
  /** Σ the live bills' own fee and flat-fee lines, and their expense lines: the tie-out of their stored subtotals. */
  feeLines: string;
  expenseLines: string;
  /** What issuing the live bills debited to accounts receivable (their issue entries' lines). */
  receivablePosted: string;
};

/** The period's bills summed per currency, with their lines' and issue entries' sums beside them for the tie-outs. */
export function sumBillsOfCosts(tx: Tx, firmId: string, filters: BillFilters) {
  return rowsOf<BillSums>(
    tx.execute(sql`
      with bill as (
        select i.id, i.issue_entry_id, ${currencyOf} as currency_code, i.status <> 'Void' as is_live,
          i.fees_subtotal + i.flat_fees_subtotal as profit_costs, i.expenses_subtotal, i.discount_amount, i.tax_amount, i.total
        from invoices i ${currencies} where ${billsIn(firmId, filters)}
      ),
      -- Each live bill's own lines and its issue entry's receivable, looked up bill by bill through their indexes.
      lines as (
        select bill.currency_code, sum(own.fee_lines) as fee_lines, sum(own.expense_lines) as expense_lines
        from bill cross join lateral (
          select sum(l.amount) filter (where l.item_type in ('fee', 'flatFee')) as fee_lines,
            sum(l.amount) filter (where l.item_type = 'expense') as expense_lines
          from invoice_lines l where l.firm_id = ${firmId} and l.invoice_id = bill.id) own
        where bill.is_live group by 1
      ),
      posted as (
        select bill.currency_code, sum(issued.receivable) as receivable
        from bill cross join lateral (
          select sum(j.debit - j.credit) as receivable from journal_lines j
          where j.entry_id = bill.issue_entry_id and j.firm_id = ${firmId}
            and j.account_id = (select a.id from ledger_accounts a where a.firm_id = ${firmId} and a.code = 'accounts-receivable')) issued
        where bill.is_live group by 1
      )
      select bill.currency_code as "currencyCode", count(*)::int as rows, count(*) filter (where bill.is_live)::int as bills,
        count(*) filter (where bill.is_live and bill.profit_costs + bill.expenses_subtotal - bill.discount_amount + bill.tax_amount = bill.total)::int as agreeing,
        coalesce(sum(bill.profit_costs) filter (where bill.is_live), 0)::numeric(16, 2)::text as "profitCosts",
        coalesce(sum(bill.expenses_subtotal) filter (where bill.is_live), 0)::numeric(16, 2)::text as disbursements,
        coalesce(sum(bill.discount_amount) filter (where bill.is_live), 0)::numeric(16, 2)::text as discount,
        coalesce(sum(bill.tax_amount) filter (where bill.is_live), 0)::numeric(16, 2)::text as tax,
        coalesce(sum(bill.total) filter (where bill.is_live), 0)::numeric(16, 2)::text as total,
        coalesce(min(lines.fee_lines), 0)::numeric(16, 2)::text as "feeLines",
        coalesce(min(lines.expense_lines), 0)::numeric(16, 2)::text as "expenseLines",
        coalesce(min(posted.receivable), 0)::numeric(16, 2)::text as "receivablePosted"
      from bill left join lines using (currency_code) left join posted using (currency_code)
      group by bill.currency_code order by bill.currency_code`),
  );
}
