import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { InvoiceStatus } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import {
  clients,
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
import { firmToday, firmTodayText, timeZoneOfFirm } from '../../platform/firm-clock.ts';

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
      invoiceAccentColour: firms.invoiceAccentColour,
      invoiceFooter: firms.invoiceFooter,
      staleWorkDays: firms.staleWorkDays,
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
    | 'invoiceAccentColour'
    | 'invoiceFooter'
    | 'staleWorkDays'
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
      withholdingTaxAmount: invoicePayments.withholdingTaxAmount,
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

const today = firmToday(timeZoneOfFirm(invoices.firmId));
/** Issued, money still due, past its due date (in the firm's time zone). */
export const isOverdue = sql<boolean>`(${invoices.status} in ('Approved', 'Sent', 'PartlyPaid') and ${invoices.balanceDue} > 0
  and ${invoices.dueDate} < ${today})`;

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

/** The items a draft's lines were made from, by kind (what its restore locks again). */
export async function findLineItems(tx: Tx, firmId: string, invoiceId: string) {
  return tx
    .select({ itemType: invoiceLines.itemType, itemId: invoiceLines.itemId })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.firmId, firmId), eq(invoiceLines.invoiceId, invoiceId)));
}

/** A deleted draft back among the drafts; false when it is not a deleted draft of the firm. */
export async function undeleteDraft(tx: Tx, firmId: string, invoiceId: string): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ deletedAt: null, deletedByUserId: null, updatedAt: sql`now()` })
    .where(and(eq(invoices.firmId, firmId), eq(invoices.id, invoiceId), isNotNull(invoices.deletedAt), isNull(invoices.numberValue)))
    .returning({ id: invoices.id });
  return rows.length === 1;
}
