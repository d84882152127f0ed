import { sql } from 'drizzle-orm';
import type { TaxAppliesTo } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { FALLBACK_HOME_CURRENCY } from '../../platform/ledger/ledger.ts';

export type VatInvoiceRow = {
  invoiceId: string;
  invoiceNumber: string;
  kind: 'invoice' | 'void' | 'credit-note';
  date: string;
  clientId: string;
  clientName: string;
  currencyCode: string;
  feesSubtotal: string;
  flatFeesSubtotal: string;
  expensesSubtotal: string;
  discountAmount: string;
  taxAmount: string;
  taxName: string | null;
  taxPercent: string;
  taxAppliesTo: TaxAppliesTo;
};

const partyColumns = sql`i.client_id as "clientId", coalesce(c.display_name, '') as "clientName",
  coalesce(own.iso_code, home.iso_code, ${FALLBACK_HOME_CURRENCY}) as "currencyCode",
  i.tax_name as "taxName", i.tax_percent::text as "taxPercent", i.tax_applies_to as "taxAppliesTo"`;
const invoiceColumns = sql`i.id as "invoiceId", i.invoice_number as "invoiceNumber", ${partyColumns},
  i.fees_subtotal::text as "feesSubtotal", i.flat_fees_subtotal::text as "flatFeesSubtotal",
  i.expenses_subtotal::text as "expensesSubtotal", i.discount_amount::text as "discountAmount", i.tax_amount::text as "taxAmount"`;
/** A credit note's figures at its invoice's rate (its fees include flat fees), numbered as the credit note. */
const creditNoteColumns = sql`i.id as "invoiceId", cn.credit_note_number as "invoiceNumber", ${partyColumns},
  cn.fees_amount::text as "feesSubtotal", '0.00' as "flatFeesSubtotal",
  cn.expenses_amount::text as "expensesSubtotal", cn.discount_amount::text as "discountAmount", cn.tax_amount::text as "taxAmount"`;

const invoiceJoins = sql`join clients c on c.firm_id = i.firm_id and c.id = i.client_id
  join firms f on f.id = i.firm_id
  left join currencies own on own.id = i.currency_id
  left join currencies home on home.id = f.home_currency_id`;

/**
 * The invoices whose output tax falls in the period, from the invoices' own figures: those issued in
 * it (posted on their issue date), those voided in it, on the date their issue was reversed, and the
 * credit notes dated in it.
 */
export function findVatInvoices(tx: Tx, firmId: string, fromDate: string, toDate: string): Promise<VatInvoiceRow[]> {
  return rowsOf<VatInvoiceRow>(
    tx.execute(sql`
      select ${invoiceColumns}, 'invoice' as kind, i.issue_date::text as date
      from invoices i ${invoiceJoins}
      where i.firm_id = ${firmId} and i.issue_entry_id is not null and i.issue_date between ${fromDate} and ${toDate}
      union all
      select ${invoiceColumns}, 'void' as kind, voided.entry_date::text as date
      from invoices i ${invoiceJoins}
      join journal_entries voided on voided.firm_id = i.firm_id and voided.reverses_entry_id = i.issue_entry_id
        and voided.source_type = 'invoice-void'
      where i.firm_id = ${firmId} and voided.entry_date between ${fromDate} and ${toDate}
      union all
      select ${creditNoteColumns}, 'credit-note' as kind, cn.credit_date::text as date
      from credit_notes cn join invoices i on i.firm_id = cn.firm_id and i.id = cn.invoice_id ${invoiceJoins}
      where cn.firm_id = ${firmId} and cn.credit_date between ${fromDate} and ${toDate}
      order by date, "invoiceNumber", kind`),
  );
}

export type VatAccountMovement = { currencyCode: string; total: string; fromInvoices: string };

/** The VAT output account's (tax-payable) net credit movement in the period per currency, and the part invoices posted. */
export function findVatAccountMovements(tx: Tx, firmId: string, fromDate: string, toDate: string): Promise<VatAccountMovement[]> {
  return rowsOf<VatAccountMovement>(
    tx.execute(sql`
      select line.currency_code as "currencyCode",
        sum(line.credit - line.debit)::numeric(16,2)::text as total,
        coalesce(sum(line.credit - line.debit) filter (where entry.source_type in ('invoice', 'invoice-void', 'credit-note')), 0)::numeric(16,2)::text as "fromInvoices"
      from journal_lines line
      join journal_entries entry on entry.firm_id = line.firm_id and entry.id = line.entry_id
      join ledger_accounts account on account.firm_id = line.firm_id and account.id = line.account_id
      where line.firm_id = ${firmId} and account.code = 'tax-payable' and entry.entry_date between ${fromDate} and ${toDate}
      group by line.currency_code`),
  );
}

export async function findVatAccountNumber(tx: Tx, firmId: string): Promise<string> {
  const [row] = await rowsOf<{ number: string }>(
    tx.execute(sql`select number from ledger_accounts where firm_id = ${firmId} and code = 'tax-payable'`),
  );
  return row!.number;
}

export async function findFirmName(tx: Tx, firmId: string): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(tx.execute(sql`select name from firms where id = ${firmId}`));
  return row?.name ?? '';
}
