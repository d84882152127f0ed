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
  /** Σ the bill's own fee and flat-fee lines, and its expense lines: the tie-out of its stored subtotals. */
  feeLines: string;
  expenseLines: string;
  /** What issuing it debited to accounts receivable (its issue entry's lines). */
  receivablePosted: string;
};

/**
 * Every bill the firm delivered (an invoice once issued: approved or sent, paid or not, and those
 * voided after issue) dated in the period, oldest first by date and number, in its own currency:
 * its profit costs (time and flat fees) apart from its disbursements (expenses), with its lines'
 * sums and its issue entry's receivable beside them for the tie-outs.
 */
export function findBillsOfCosts(tx: Tx, firmId: string, filters: BillFilters) {
  return rowsOf<BillRow>(
    tx.execute(sql`
      select i.id, to_char(i.issue_date, 'YYYY-MM-DD') as "issueDate", i.invoice_number as "invoiceNumber", c.display_name as "clientName",
        coalesce((select string_agg(coalesce(m.matter_number || ' ', '') || m.matter_name, '; ' order by m.matter_number, m.matter_name)
          from invoice_matters im join matters m on m.firm_id = im.firm_id and m.id = im.matter_id
          where im.firm_id = i.firm_id and im.invoice_id = i.id), '') as matters,
        coalesce(currency.iso_code, home.iso_code, 'NGN') as "currencyCode",
        (i.fees_subtotal + i.flat_fees_subtotal)::numeric(16, 2)::text as "profitCosts",
        i.expenses_subtotal::text as disbursements, i.discount_amount::text as discount, i.tax_amount::text as tax,
        i.total::text as total, i.status,
        (select coalesce(sum(l.amount) filter (where l.item_type in ('fee', 'flatFee')), 0)::numeric(16, 2)::text
          from invoice_lines l where l.firm_id = i.firm_id and l.invoice_id = i.id) as "feeLines",
        (select coalesce(sum(l.amount) filter (where l.item_type = 'expense'), 0)::numeric(16, 2)::text
          from invoice_lines l where l.firm_id = i.firm_id and l.invoice_id = i.id) as "expenseLines",
        (select coalesce(sum(j.debit - j.credit), 0)::numeric(16, 2)::text
          from journal_lines j join ledger_accounts a on a.firm_id = j.firm_id and a.id = j.account_id
          where j.firm_id = i.firm_id and j.entry_id = i.issue_entry_id and a.code = 'accounts-receivable') as "receivablePosted"
      from invoices i
        join clients c on c.firm_id = i.firm_id and c.id = i.client_id
        join firms f on f.id = i.firm_id
        left join currencies currency on currency.id = i.currency_id
        left join currencies home on home.id = f.home_currency_id
      where i.firm_id = ${firmId} and i.deleted_at is null and (i.status in ${ISSUED} or (i.status = 'Void' and i.issued_at is not null))
        and i.issue_date <= ${filters.to}
        ${filters.from ? sql`and i.issue_date >= ${filters.from}` : sql``}
        ${filters.clientId ? sql`and i.client_id = ${filters.clientId}` : sql``}
      order by i.issue_date, i.number_value`),
  );
}
