import { and, eq, inArray, sql } from 'drizzle-orm';
import { roundMoney, type WithholdingTaxCategory } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { clientWithholdingTax, clients, users, withholdingTaxCreditNotes, withholdingTaxSettings } from '../../db/schema/index.ts';
import { FALLBACK_HOME_CURRENCY } from '../../platform/ledger/ledger.ts';

export type WithholdingTaxRates = { companyRate: string; governmentRate: string; individualRate: string };

/** The firm's rates; zero for every kind until it sets them. */
export async function findFirmRates(tx: Tx, firmId: string): Promise<WithholdingTaxRates> {
  const [row] = await tx
    .select({
      companyRate: withholdingTaxSettings.companyRate,
      governmentRate: withholdingTaxSettings.governmentRate,
      individualRate: withholdingTaxSettings.individualRate,
    })
    .from(withholdingTaxSettings)
    .where(eq(withholdingTaxSettings.firmId, firmId));
  return row ?? { companyRate: '0', governmentRate: '0', individualRate: '0' };
}

export async function saveFirmRates(tx: Tx, firmId: string, userId: string, rates: WithholdingTaxRates): Promise<void> {
  const values = { ...rates, updatedByUserId: userId, updatedAt: new Date() };
  await tx
    .insert(withholdingTaxSettings)
    .values({ firmId, ...values })
    .onConflictDoUpdate({ target: withholdingTaxSettings.firmId, set: values });
}

/** A client's type and, when someone set it, its WHT kind and own rate; null when the client is not the firm's. */
export async function findClientTreatment(tx: Tx, firmId: string, clientId: string) {
  const [row] = await tx
    .select({
      clientType: clients.clientType,
      category: clientWithholdingTax.category,
      rateOverride: clientWithholdingTax.rateOverride,
    })
    .from(clients)
    .leftJoin(clientWithholdingTax, and(eq(clientWithholdingTax.firmId, clients.firmId), eq(clientWithholdingTax.clientId, clients.id)))
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId)));
  return row ? { ...row, category: row.category as WithholdingTaxCategory | null } : null;
}

export async function saveClientTreatment(
  tx: Tx,
  values: { firmId: string; clientId: string; category: WithholdingTaxCategory; rateOverride: string | null; updatedByUserId: string },
): Promise<void> {
  const changed = {
    category: values.category,
    rateOverride: values.rateOverride,
    updatedByUserId: values.updatedByUserId,
    updatedAt: new Date(),
  };
  await tx
    .insert(clientWithholdingTax)
    .values(values)
    .onConflictDoUpdate({ target: [clientWithholdingTax.firmId, clientWithholdingTax.clientId], set: changed });
}

/** Σ the fee part the invoice's credit notes took back, net of the discount share they gave back (their fees include flat fees). */
export async function sumCreditedFees(tx: Tx, firmId: string, invoiceId: string): Promise<string> {
  const [row] = await rowsOf<{ credited: string }>(
    tx.execute(sql`select coalesce(sum(cn.fees_amount - round(cn.discount_amount * cn.fees_amount / nullif(cn.fees_amount + cn.expenses_amount, 0), 2)), 0)::text as credited
      from credit_notes cn where cn.firm_id = ${firmId} and cn.invoice_id = ${invoiceId}`),
  );
  return roundMoney(row?.credited ?? '0');
}

/** Σ the WHT an invoice's payments deducted, net of reversals. */
export async function sumWithheld(tx: Tx, firmId: string, invoiceId: string): Promise<string> {
  const [row] = await rowsOf<{ withheld: string }>(
    tx.execute(sql`select coalesce(sum(p.withholding_tax_amount), 0)::text as withheld
      from invoice_payments p where p.firm_id = ${firmId} and p.invoice_id = ${invoiceId}`),
  );
  return roundMoney(row?.withheld ?? '0');
}

export type CreditNoteRow = {
  paymentId: string;
  creditNoteNumber: string;
  issueDate: string;
  fileName: string | null;
  storageKey: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  recordedAt: Date;
  recordedByUserName: string;
};

const creditNoteColumns = {
  paymentId: withholdingTaxCreditNotes.paymentId,
  creditNoteNumber: withholdingTaxCreditNotes.creditNoteNumber,
  issueDate: withholdingTaxCreditNotes.issueDate,
  fileName: withholdingTaxCreditNotes.fileName,
  storageKey: withholdingTaxCreditNotes.storageKey,
  contentType: withholdingTaxCreditNotes.contentType,
  sizeBytes: withholdingTaxCreditNotes.sizeBytes,
  recordedAt: withholdingTaxCreditNotes.recordedAt,
  recordedByUserName: users.name,
};

/** The credit notes recorded for these payments (one query for an invoice's whole payment list). */
export function findCreditNotesOfPayments(tx: Tx, firmId: string, paymentIds: readonly string[]): Promise<CreditNoteRow[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return tx
    .select(creditNoteColumns)
    .from(withholdingTaxCreditNotes)
    .innerJoin(users, and(eq(users.firmId, withholdingTaxCreditNotes.firmId), eq(users.id, withholdingTaxCreditNotes.recordedByUserId)))
    .where(and(eq(withholdingTaxCreditNotes.firmId, firmId), inArray(withholdingTaxCreditNotes.paymentId, [...paymentIds])));
}

/**
 * A payment as recording its credit note needs it, its invoice locked (a payment row is never
 * updated, so the app cannot lock it: the invoice's lock orders this with its payments and reversals).
 */
export async function lockPaymentForCreditNote(tx: Tx, firmId: string, paymentId: string, lock: 'lock' | 'read' = 'lock') {
  const [row] = await rowsOf<{
    id: string;
    invoiceId: string;
    receiptNumber: string;
    withholdingTaxAmount: string;
    isReversal: boolean;
    isReversed: boolean;
  }>(
    tx.execute(sql`select p.id, p.invoice_id as "invoiceId", p.receipt_number as "receiptNumber",
        p.withholding_tax_amount::text as "withholdingTaxAmount", p.reverses_payment_id is not null as "isReversal",
        exists (select 1 from invoice_payments r where r.firm_id = p.firm_id and r.reverses_payment_id = p.id) as "isReversed"
      from invoice_payments p join invoices i on i.firm_id = p.firm_id and i.id = p.invoice_id and i.deleted_at is null
      where p.firm_id = ${firmId} and p.id = ${paymentId}
      ${lock === 'lock' ? sql`for update of i` : sql``}`),
  );
  return row ?? null;
}

export async function insertCreditNote(
  tx: Tx,
  values: { firmId: string; paymentId: string; creditNoteNumber: string; issueDate: string; recordedByUserId: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(withholdingTaxCreditNotes)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: withholdingTaxCreditNotes.id });
  return inserted.length > 0;
}

export async function attachCreditNoteFile(
  tx: Tx,
  firmId: string,
  paymentId: string,
  file: { storageKey: string; fileName: string; contentType: string; sizeBytes: number },
): Promise<boolean> {
  const updated = await tx
    .update(withholdingTaxCreditNotes)
    .set(file)
    .where(and(eq(withholdingTaxCreditNotes.firmId, firmId), eq(withholdingTaxCreditNotes.paymentId, paymentId)))
    .returning({ id: withholdingTaxCreditNotes.id });
  return updated.length > 0;
}

export async function findCreditNoteOfPayment(tx: Tx, firmId: string, paymentId: string): Promise<CreditNoteRow | null> {
  const [row] = await findCreditNotesOfPayments(tx, firmId, [paymentId]);
  return row ?? null;
}

export type WithholdingTaxPaymentRow = {
  paymentId: string;
  invoiceId: string;
  invoiceNumber: string | null;
  clientId: string;
  clientName: string;
  receiptNumber: string;
  paymentDate: string;
  currencyCode: string;
  feesSubtotal: string;
  flatFeesSubtotal: string;
  expensesSubtotal: string;
  discountAmount: string;
  creditedFees: string;
  amount: string;
  withholdingTaxAmount: string;
  isReversal: boolean;
  isReversed: boolean;
  creditNoteNumber: string | null;
  creditNoteDate: string | null;
  creditNoteFileName: string | null;
  creditNoteRecordedAt: Date | null;
  creditNoteRecordedBy: string | null;
};

const paymentRowSelect = sql`select p.id as "paymentId", i.id as "invoiceId", i.invoice_number as "invoiceNumber",
    c.id as "clientId", coalesce(c.display_name, '') as "clientName", p.receipt_number as "receiptNumber",
    p.payment_date::text as "paymentDate", coalesce(own.iso_code, home.iso_code, ${FALLBACK_HOME_CURRENCY}) as "currencyCode",
    i.fees_subtotal::text as "feesSubtotal", i.flat_fees_subtotal::text as "flatFeesSubtotal",
    i.expenses_subtotal::text as "expensesSubtotal", i.discount_amount::text as "discountAmount",
    coalesce((select sum(cn.fees_amount - round(cn.discount_amount * cn.fees_amount / nullif(cn.fees_amount + cn.expenses_amount, 0), 2))
      from credit_notes cn where cn.firm_id = i.firm_id and cn.invoice_id = i.id), 0)::text as "creditedFees",
    p.amount::text as amount, p.withholding_tax_amount::text as "withholdingTaxAmount",
    p.reverses_payment_id is not null as "isReversal",
    exists (select 1 from invoice_payments r where r.firm_id = p.firm_id and r.reverses_payment_id = p.id) as "isReversed",
    w.credit_note_number as "creditNoteNumber", w.issue_date::text as "creditNoteDate", w.file_name as "creditNoteFileName",
    w.recorded_at as "creditNoteRecordedAt", u.name as "creditNoteRecordedBy"
  from invoice_payments p
  join invoices i on i.firm_id = p.firm_id and i.id = p.invoice_id
  join clients c on c.firm_id = i.firm_id and c.id = i.client_id
  join firms f on f.id = p.firm_id
  left join currencies own on own.id = i.currency_id
  left join currencies home on home.id = f.home_currency_id
  left join withholding_tax_credit_notes w on w.firm_id = p.firm_id and w.payment_id = p.id
  left join users u on u.firm_id = w.firm_id and u.id = w.recorded_by_user_id`;

/** Payments in the period with WHT deducted, and reversals of them, by date then receipt (the schedule). */
export function findWithholdingTaxPayments(tx: Tx, firmId: string, fromDate: string, toDate: string): Promise<WithholdingTaxPaymentRow[]> {
  return rowsOf<WithholdingTaxPaymentRow>(
    tx.execute(sql`${paymentRowSelect}
      where p.firm_id = ${firmId} and p.withholding_tax_amount <> 0 and p.payment_date between ${fromDate} and ${toDate}
      order by p.payment_date, p.receipt_number`),
  );
}

/** Payments with WHT deducted, never reversed, still without a credit note, oldest first (the chase list). */
export function findOutstandingCreditNotes(tx: Tx, firmId: string): Promise<WithholdingTaxPaymentRow[]> {
  return rowsOf<WithholdingTaxPaymentRow>(
    tx.execute(sql`${paymentRowSelect}
      where p.firm_id = ${firmId} and p.withholding_tax_amount > 0 and p.reverses_payment_id is null and w.id is null
        and not exists (select 1 from invoice_payments r where r.firm_id = p.firm_id and r.reverses_payment_id = p.id)
      order by p.payment_date, p.receipt_number
      limit 2000`),
  );
}

/** What payments (and their reversals) posted to Withholding tax receivable in the period, per line currency. */
export function findReceivableMovements(tx: Tx, firmId: string, fromDate: string, toDate: string) {
  return rowsOf<{ currencyCode: string; movement: string }>(
    tx.execute(sql`select l.currency_code as "currencyCode", sum(l.debit - l.credit)::text as movement
      from journal_lines l
      join journal_entries e on e.firm_id = l.firm_id and e.id = l.entry_id
      join ledger_accounts a on a.firm_id = l.firm_id and a.id = l.account_id
      where l.firm_id = ${firmId} and a.code = 'withholding-tax-receivable' and e.source_type = 'invoice-payment'
        and e.entry_date between ${fromDate} and ${toDate}
      group by l.currency_code`),
  );
}

export const findFirmName = async (tx: Tx, firmId: string): Promise<string> => {
  const [row] = await rowsOf<{ name: string }>(tx.execute(sql`select name from firms where id = ${firmId}`));
  return row?.name ?? '';
};
