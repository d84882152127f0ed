import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { clients, firms, invoiceLinks } from '../../db/schema/index.ts';

export async function insertInvoiceLink(
  tx: Tx,
  values: { firmId: string; invoiceId: string; slugHash: string; slugPrefix: string; createdByUserId: string },
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
