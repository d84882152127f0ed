import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { InvoiceStatus } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import {
  clients,
  creditNotes,
  currencies,
  firms,
  invoiceEvents,
  invoiceLines,
  invoiceMatters,
  invoicePayments,
  invoices,
  invoiceWriteOffs,
  matters,
  users,
} from '../../db/schema/index.ts';
import { firmDateOf, firmToday, firmTodayText, timeZoneOfFirm } from '../../platform/firm-clock.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineValues = Omit<typeof invoiceLines.$inferInsert, 'id' | 'firmId' | 'invoiceId'>;

/** The firm's invoice settings, its home currency and today in its time zone. */
export async function findInvoiceSettings(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      invoiceNumberPrefix: firms.invoiceNumberPrefix,
      paymentTermsDays: firms.paymentTermsDays,
      taxName: firms.taxName,
      taxPercent: firms.taxPercent,
      taxAppliesTo: firms.taxAppliesTo,
      invoiceApprovalRequired: firms.invoiceApprovalRequired,
      billOfChargesClock: sql<boolean>`coalesce(${firms.billOfChargesClock}, ${currencies.isoCode} = 'NGN', false)`,
      defaultPaymentInstructions: firms.defaultPaymentInstructions,
      taxNumber: firms.taxNumber,
      homeCurrencyId: firms.homeCurrencyId,
      currencySymbol: sql<string>`coalesce(${currencies.symbol}, '')`,
      currencyCode: currencies.isoCode,
      today: firmTodayText(firms.timeZone),
    })
    .from(firms)
    .leftJoin(currencies, eq(currencies.id, firms.homeCurrencyId))
    .where(eq(firms.id, firmId));
  return row!;
}
export type InvoiceSettingsRow = Awaited<ReturnType<typeof findInvoiceSettings>>;

export async function updateInvoiceSettings(
  tx: Tx,
  firmId: string,
  values: Pick<
    typeof firms.$inferInsert,
    | 'invoiceNumberPrefix'
    | 'paymentTermsDays'
    | 'taxName'
    | 'taxPercent'
    | 'taxAppliesTo'
    | 'invoiceApprovalRequired'
    | 'billOfChargesClock'
    | 'defaultPaymentInstructions'
    | 'taxNumber'
  >,
) {
  await tx
    .update(firms)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(firms.id, firmId));
}

/** A live client of the firm (null when not the firm's or deleted). */
export async function findClient(tx: Tx, firmId: string, clientId: string) {
  const [row] = await tx
    .select({ id: clients.id, name: clients.displayName })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId), isNull(clients.deletedAt)));
  return row ?? null;
}

/** The firm's live matters among `ids`, with their client. */
export async function findMatters(tx: Tx, firmId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: matters.id, clientId: matters.clientId })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), inArray(matters.id, ids), isNull(matters.deletedAt)));
}

export async function insertInvoice(tx: Tx, values: typeof invoices.$inferInsert): Promise<string> {
  const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
  return row!.id;
}

export async function updateInvoice(tx: Tx, firmId: string, invoiceId: string, values: Partial<typeof invoices.$inferInsert>) {
  await tx
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(invoices.firmId, firmId), eq(invoices.id, invoiceId)));
}

/** The live invoice, locked for the change about to be made to it; null when it is not the firm's. */
export async function lockInvoice(tx: Tx, firmId: string, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.firmId, firmId), eq(invoices.id, invoiceId), isNull(invoices.deletedAt)))
    .for('update');
  return row ?? null;
}

/** Replaces a draft's lines and matters. */
export async function replaceLinesAndMatters(tx: Tx, firmId: string, invoiceId: string, lines: InvoiceLineValues[], matterIds: string[]) {
  await tx.delete(invoiceLines).where(and(eq(invoiceLines.firmId, firmId), eq(invoiceLines.invoiceId, invoiceId)));
  await tx.delete(invoiceMatters).where(and(eq(invoiceMatters.firmId, firmId), eq(invoiceMatters.invoiceId, invoiceId)));
  for (let start = 0; start < lines.length; start += 500) {
    await tx.insert(invoiceLines).values(lines.slice(start, start + 500).map((line) => ({ ...line, firmId, invoiceId })));
  }
  if (matterIds.length > 0) await tx.insert(invoiceMatters).values(matterIds.map((matterId) => ({ firmId, invoiceId, matterId })));
}

export async function insertEvent(
  tx: Tx,
  firmId: string,
  invoiceId: string,
  byUserId: string,
  status: InvoiceStatus,
  action: string,
  note: string | null = null,
) {
  await tx.insert(invoiceEvents).values({ firmId, invoiceId, byUserId, status, action, note });
}

export async function insertPayment(tx: Tx, values: typeof invoicePayments.$inferInsert): Promise<string> {
  const [row] = await tx.insert(invoicePayments).values(values).returning({ id: invoicePayments.id });
  return row!.id;
}

export async function findPayment(tx: Tx, firmId: string, invoiceId: string, paymentId: string) {
  const [row] = await tx
    .select({
      id: invoicePayments.id,
      amount: invoicePayments.amount,
      receiptNumber: invoicePayments.receiptNumber,
      method: invoicePayments.method,
      reversesPaymentId: invoicePayments.reversesPaymentId,
      journalEntryId: invoicePayments.journalEntryId,
      bankAccountId: invoicePayments.bankAccountId,
      isReversed: sql<boolean>`exists (select 1 from ${invoicePayments} reversal
        where reversal.firm_id = ${firmId} and reversal.reverses_payment_id = ${invoicePayments.id})`,
    })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.firmId, firmId), eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.id, paymentId)));
  return row ?? null;
}

export async function insertWriteOff(tx: Tx, values: typeof invoiceWriteOffs.$inferInsert): Promise<string> {
  const [row] = await tx.insert(invoiceWriteOffs).values(values).returning({ id: invoiceWriteOffs.id });
  return row!.id;
}

export async function findWriteOffEntries(tx: Tx, firmId: string, invoiceId: string): Promise<string[]> {
  const rows = await tx
    .select({ entryId: invoiceWriteOffs.journalEntryId })
    .from(invoiceWriteOffs)
    .where(and(eq(invoiceWriteOffs.firmId, firmId), eq(invoiceWriteOffs.invoiceId, invoiceId)));
  return rows.flatMap((row) => (row.entryId ? [row.entryId] : []));
}

const userName = (column: AnyPgColumn) => sql<string>`coalesce((select named.name from ${users} named where named.id = ${column}), '')`;

/** Everything the invoice view shows. */
export async function findInvoiceDetail(tx: Tx, firmId: string, invoiceId: string) {
  const [invoice] = await tx
    .select({
      invoice: invoices,
      clientName: clients.displayName,
      clientEmail: clients.email,
      clientAddress: sql<string | null>`nullif(concat_ws(', ', nullif(${clients.address}, ''), nullif(${clients.city}, ''),
        nullif(${clients.state}, ''), nullif(${clients.postalCode}, ''), nullif(${clients.country}, '')), '')`,
      currencySymbol: sql<string>`coalesce(${currencies.symbol}, '')`,
      currencyCode: currencies.isoCode,
      createdByUserName: userName(invoices.createdByUserId),
      approvedByUserName: sql<string | null>`(select named.name from ${users} named where named.id = ${invoices.approvedByUserId})`,
      recoverableFromDate: sql<string | null>`to_char((${invoices.deliveredDate} + interval '1 month')::date, 'YYYY-MM-DD')`,
      isOverdue: isOverdue,
    })
    .from(invoices)
    .innerJoin(clients, and(eq(clients.firmId, invoices.firmId), eq(clients.id, invoices.clientId)))
    .leftJoin(currencies, eq(currencies.id, invoices.currencyId))
    .where(and(eq(invoices.firmId, firmId), eq(invoices.id, invoiceId), isNull(invoices.deletedAt)));
  if (!invoice) return null;
  const [matterRows, lines, payments, writeOffs, events] = await Promise.all([
    tx
      .select({ id: matters.id, name: matters.matterName, matterNumber: matters.matterNumber })
      .from(invoiceMatters)
      .innerJoin(matters, and(eq(matters.firmId, invoiceMatters.firmId), eq(matters.id, invoiceMatters.matterId)))
      .where(and(eq(invoiceMatters.firmId, firmId), eq(invoiceMatters.invoiceId, invoiceId)))
      .orderBy(asc(matters.matterName)),
    tx
      .select({
        line: invoiceLines,
        matterName: matters.matterName,
        matterNumber: matters.matterNumber,
      })
      .from(invoiceLines)
      .innerJoin(matters, and(eq(matters.firmId, invoiceLines.firmId), eq(matters.id, invoiceLines.matterId)))
      .where(and(eq(invoiceLines.firmId, firmId), eq(invoiceLines.invoiceId, invoiceId)))
      .orderBy(asc(invoiceLines.sortOrder)),
    tx
      .select({
        payment: invoicePayments,
        recordedByUserName: userName(invoicePayments.recordedByUserId),
        reversedByPaymentId: sql<string | null>`(select reversal.id from ${invoicePayments} reversal
          where reversal.firm_id = ${firmId} and reversal.reverses_payment_id = "invoice_payments"."id")`,
        // The exchange gain (credit) or loss (debit) its entry realised on 4300, in the home currency (ADR 0051).
        realisedExchangeDifference: sql<{ amount: string; currencyCode: string } | null>`(select
            json_build_object('amount', (sum(fx.credit) - sum(fx.debit))::numeric(16,2)::text, 'currencyCode', min(fx.currency_code))
          from journal_lines fx join ledger_accounts fxa on fxa.firm_id = fx.firm_id and fxa.id = fx.account_id and fxa.code = 'fx-gain-loss'
          where fx.firm_id = ${firmId} and fx.entry_id = "invoice_payments"."journal_entry_id" having count(*) > 0)`,
      })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.firmId, firmId), eq(invoicePayments.invoiceId, invoiceId)))
      .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id)),
    tx
      .select({ writeOff: invoiceWriteOffs, byUserName: userName(invoiceWriteOffs.byUserId) })
      .from(invoiceWriteOffs)
      .where(and(eq(invoiceWriteOffs.firmId, firmId), eq(invoiceWriteOffs.invoiceId, invoiceId)))
      .orderBy(asc(invoiceWriteOffs.createdAt)),
    tx
      .select({ event: invoiceEvents, byUserName: userName(invoiceEvents.byUserId) })
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.firmId, firmId), eq(invoiceEvents.invoiceId, invoiceId)))
      .orderBy(asc(invoiceEvents.at), asc(invoiceEvents.id)),
  ]);
  return { ...invoice, matters: matterRows, lines, payments, writeOffs, events };
}
export type InvoiceDetailRow = NonNullable<Awaited<ReturnType<typeof findInvoiceDetail>>>;

const ISSUED: InvoiceStatus[] = ['Approved', 'Sent', 'PartlyPaid', 'Paid'];
const today = firmToday(timeZoneOfFirm(invoices.firmId));
/** Issued, money still due, past its due date (in the firm's time zone). */
export const isOverdue = sql<boolean>`(${invoices.status} in ('Approved', 'Sent', 'PartlyPaid') and ${invoices.balanceDue} > 0
  and ${invoices.dueDate} < ${today})`;

/**
 * What clients owed at the end of `asOf` (a date in the firm's time zone), by client and currency (never two currencies added) and by days past
 * due on that date. An invoice counts when it was issued on or before `asOf` and not void by then
 * (voided after: it was still owed); what it owed is its total less the payments (and payment
 * reversals), the write-offs and the credit notes' applied amounts dated on or before it. Those are the dates
 * its journal entries carry, so each client's total equals its receivable in the ledger as of `asOf`.
 */
export async function findAgedReceivables(tx: Tx, firmId: string, asOf: string, clientId: string | undefined) {
  const day = sql`${asOf}::date`;
  const voidedOn = firmDateOf(invoices.voidedAt, timeZoneOfFirm(invoices.firmId));
  const paidBy = sql`coalesce((select sum(paid.amount) from ${invoicePayments} paid
    where paid.firm_id = ${invoices.firmId} and paid.invoice_id = ${invoices.id} and paid.payment_date <= ${day}), 0)`;
  const writtenOffBy = sql`coalesce((select sum(written.amount) from ${invoiceWriteOffs} written
    where written.firm_id = ${invoices.firmId} and written.invoice_id = ${invoices.id} and written.write_off_date <= ${day}), 0)`;
  const creditedBy = sql`coalesce((select sum(credited.applied_amount) from ${creditNotes} credited
    where credited.firm_id = ${invoices.firmId} and credited.invoice_id = ${invoices.id} and credited.credit_date <= ${day}), 0)`;
  const owed = tx.$with('owed').as(
    tx
      .select({
        clientId: invoices.clientId,
        // An invoice without a currency of its own is in the firm's home currency (as the invoice list counts it).
        currencyId: sql<
          number | null
        >`coalesce(${invoices.currencyId}, (select home.home_currency_id from ${firms} home where home.id = ${firmId}))`.as('currency_id'),
        daysLate: sql<number>`(${day} - ${invoices.dueDate})`.as('days_late'),
        balance: sql<string>`(${invoices.total} - ${paidBy} - ${writtenOffBy} - ${creditedBy})`.as('balance'),
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.firmId, firmId),
          isNull(invoices.deletedAt),
          sql`${invoices.issuedAt} is not null`,
          lte(invoices.issueDate, asOf),
          or(inArray(invoices.status, ISSUED), and(eq(invoices.status, 'Void'), sql`${voidedOn} > ${day}`)),
          clientId ? eq(invoices.clientId, clientId) : undefined,
        ),
      ),
  );
  const bucket = (condition: SQL) => sql<string>`coalesce(sum(${owed.balance}) filter (where ${condition}), 0)::numeric(20, 2)::text`;
  return tx
    .with(owed)
    .select({
      clientId: owed.clientId,
      clientName: sql<string>`min(${clients.displayName})`,
      currencyId: owed.currencyId,
      currencyCode: sql<string>`coalesce(min(${currencies.isoCode}), '')`,
      currencySymbol: sql<string>`coalesce(min(${currencies.symbol}), '')`,
      invoiceCount: sql<number>`count(*)::int`,
      current: bucket(sql`${owed.daysLate} <= 0`),
      days1To30: bucket(sql`${owed.daysLate} between 1 and 30`),
      days31To60: bucket(sql`${owed.daysLate} between 31 and 60`),
      days61To90: bucket(sql`${owed.daysLate} between 61 and 90`),
      days90Plus: bucket(sql`${owed.daysLate} > 90`),
      total: sql<string>`coalesce(sum(${owed.balance}), 0)::numeric(20, 2)::text`,
    })
    .from(owed)
    .innerJoin(clients, and(eq(clients.firmId, firmId), eq(clients.id, owed.clientId)))
    .leftJoin(currencies, eq(currencies.id, owed.currencyId))
    .where(sql`${owed.balance} > 0`)
    .groupBy(owed.clientId, owed.currencyId)
    .orderBy(sql`min(${clients.displayName})`, sql`coalesce(min(${currencies.isoCode}), '')`);
}

/** The invoice's currency (its own, else the firm's home currency) and its matters: what paying it from trust checks. */
export async function findInvoiceCurrencyAndMatters(tx: Tx, firmId: string, invoiceId: string) {
  const [row] = await tx
    .select({
      currencyCode: sql<string | null>`(select c.iso_code from currencies c
        where c.id = coalesce(${invoices.currencyId}, (select f.home_currency_id from firms f where f.id = ${invoices.firmId})))`,
      matterIds: sql<string[]>`coalesce((select array_agg(m.matter_id::text order by m.matter_id) from ${invoiceMatters} m
        where m.firm_id = ${invoices.firmId} and m.invoice_id = ${invoices.id}), '{}')`,
    })
    .from(invoices)
    .where(and(eq(invoices.firmId, firmId), eq(invoices.id, invoiceId)));
  return row ?? null;
}
