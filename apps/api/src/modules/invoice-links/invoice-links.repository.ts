import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { clients, currencies, firms, invoiceLinks, matters, users } from '../../db/schema/index.ts';
import { nextInstalmentOf } from '../payment-plans/payment-plans.api.ts';

export async function insertInvoiceLink(
  tx: Tx,
  values: { firmId: string; invoiceId: string; slugHash: string; slugPrefix: string; slugSealed: string; createdByUserId: string },
) {
  const [row] = await tx.insert(invoiceLinks).values(values).returning({ id: invoiceLinks.id, createdAt: invoiceLinks.createdAt });
  return row!;
}

/** Retires every live link of the invoice; answers how many. */
export async function revokeInvoiceLinks(tx: Tx, firmId: string, invoiceId: string): Promise<number> {
  const rows = await tx
    .update(invoiceLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(invoiceLinks.firmId, firmId), eq(invoiceLinks.invoiceId, invoiceId), isNull(invoiceLinks.revokedAt)))
    .returning({ id: invoiceLinks.id });
  return rows.length;
}

/** Identity lookup (before the firm is known): a live link by its slug's hash. */
export async function findLiveLinkBySlugHash(tx: Tx, slugHash: string) {
  const [row] = await tx
    .select({ firmId: invoiceLinks.firmId, invoiceId: invoiceLinks.invoiceId })
    .from(invoiceLinks)
    .where(and(eq(invoiceLinks.slugHash, slugHash), isNull(invoiceLinks.revokedAt)));
  return row ?? null;
}

/** Counts a view of the link; the first view's time is kept. */
export async function recordInvoiceLinkView(tx: Tx, firmId: string, slugHash: string) {
  await tx
    .update(invoiceLinks)
    .set({
      firstViewedAt: sql`coalesce(${invoiceLinks.firstViewedAt}, now())`,
      lastViewedAt: sql`now()`,
      viewCount: sql`${invoiceLinks.viewCount} + 1`,
    })
    .where(and(eq(invoiceLinks.firmId, firmId), eq(invoiceLinks.slugHash, slugHash)));
}

/** The firm as its bills show it. */
/** Each currency's symbol by ISO code (the code itself when the currency has none). */
export async function findCurrencySymbols(tx: Tx, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select({ code: currencies.isoCode, symbol: currencies.symbol })
    .from(currencies)
    .where(inArray(currencies.isoCode, codes));
  return new Map(rows.map((row) => [row.code, row.symbol || row.code]));
}

export async function findFirmForBill(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      id: firms.id,
      name: firms.name,
      address: firms.address,
      phone: firms.phone,
      email: firms.email,
      logo: firms.logo,
      taxNumber: firms.taxNumber,
      dateFormat: firms.dateFormat,
      accentColour: firms.invoiceAccentColour,
      invoiceFooter: firms.invoiceFooter,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? null;
}

export async function findClientEmail(tx: Tx, firmId: string, clientId: string): Promise<string | null> {
  const [row] = await tx
    .select({ email: clients.email })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), eq(clients.id, clientId)));
  return row?.email?.trim() || null;
}

/** The client's invoices that were sent to them (never drafts or approvals not yet sent), newest first. */
export async function findClientSentInvoices(tx: Tx, firmId: string, clientId: string) {
  const result = await tx.execute(sql`select i.id, i.invoice_number as "invoiceNumber", i.status, i.issue_date::text as "issueDate",
      i.due_date::text as "dueDate", i.total::text as total, i.paid_amount::text as "paidAmount", i.balance_due::text as "balanceDue",
      coalesce(c.symbol, '') as "currencySymbol",
      case when i.status in ('Approved', 'Sent', 'PartlyPaid') then ${nextInstalmentOf('i')} end as "nextInstalment"
    from invoices i left join currencies c on c.id = i.currency_id
    where i.firm_id = ${firmId} and i.client_id = ${clientId} and i.sent_at is not null and i.deleted_at is null
    order by i.issue_date desc, i.number_value desc nulls last
    limit 500`);
  return (result as unknown as { rows: ClientInvoiceRow[] }).rows;
}
export type ClientInvoiceRow = {
  id: string;
  invoiceNumber: string | null;
  status: string;
  issueDate: string;
  dueDate: string;
  total: string;
  paidAmount: string;
  balanceDue: string;
  currencySymbol: string;
  nextInstalment: { dueDate: string; remainingAmount: string } | null;
};

/** Whether the invoice is one of the client's that was sent to them. */
export async function isSentToClient(tx: Tx, firmId: string, clientId: string, invoiceId: string): Promise<boolean> {
  const result = await tx.execute(sql`select exists (select 1 from invoices where id = ${invoiceId} and firm_id = ${firmId}
      and client_id = ${clientId} and sent_at is not null and deleted_at is null) as sent`);
  return (result as unknown as { rows: { sent: boolean }[] }).rows[0]?.sent ?? false;
}

/** The invoice's newest live link. */
export async function findCurrentInvoiceLink(tx: Tx, firmId: string, invoiceId: string) {
  const [row] = await tx
    .select({
      slugSealed: invoiceLinks.slugSealed,
      createdAt: invoiceLinks.createdAt,
      emailedTo: invoiceLinks.emailedTo,
      emailedAt: invoiceLinks.emailedAt,
      viewCount: invoiceLinks.viewCount,
      lastViewedAt: invoiceLinks.lastViewedAt,
    })
    .from(invoiceLinks)
    .where(and(eq(invoiceLinks.firmId, firmId), eq(invoiceLinks.invoiceId, invoiceId), isNull(invoiceLinks.revokedAt)))
    .orderBy(desc(invoiceLinks.createdAt))
    .limit(1);
  return row ?? null;
}

export async function markInvoiceLinkEmailed(tx: Tx, firmId: string, linkId: string, to: string) {
  await tx
    .update(invoiceLinks)
    .set({ emailedTo: to, emailedAt: new Date() })
    .where(and(eq(invoiceLinks.firmId, firmId), eq(invoiceLinks.id, linkId)));
}

/**
 * What a LEDES file names beside its invoices: the firm's tax number and portal name (for
 * LAW_FIRM_ID), and its numbers for the invoices' clients, matters and fee earners.
 */
export async function findLedesParties(tx: Tx, firmId: string, ids: { clientIds: string[]; matterIds: string[]; userIds: string[] }) {
  const [firm] = await tx
    .select({
      name: firms.name,
      taxNumber: firms.taxNumber,
      ledesFirmId: firms.ledesFirmId,
      portalSlug: firms.portalSlug,
      address: firms.address,
      country: firms.country,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  const none = ['00000000-0000-0000-0000-000000000000'];
  const clientRows = await tx
    .select({
      id: clients.id,
      clientNumber: clients.clientNumber,
      ledesFormat: clients.ledesFormat,
      name: clients.displayName,
      taxNumber: clients.taxNumber,
      address: clients.address,
      city: clients.city,
      state: clients.state,
      postalCode: clients.postalCode,
      country: clients.country,
    })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), inArray(clients.id, ids.clientIds.length ? ids.clientIds : none)));
  const matterRows = await tx
    .select({ id: matters.id, matterNumber: matters.matterNumber, clientMatterReference: matters.clientMatterReference })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), inArray(matters.id, ids.matterIds.length ? ids.matterIds : none)));
  const userRows = await tx
    .select({ id: users.id, code: users.timekeeperCode, name: users.name, classification: users.ledesClassification })
    .from(users)
    .where(and(eq(users.firmId, firmId), inArray(users.id, ids.userIds.length ? ids.userIds : none)));
  if (!firm) throw new Error('The firm of this transaction was not found');
  return { firm, clientRows, matterRows, userRows };
}
