import { REVIEW_LIST_STATUSES, type ReviewDraftSummary } from '@matterhorn/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import {
  billingHolds,
  clients,
  currencies,
  firms,
  invoiceLines,
  invoiceMatters,
  invoices,
  matterAssignees,
  matters,
  users,
} from '../../db/schema/index.ts';
import { firmTodayText } from '../../platform/firm-clock.ts';

/** The firm's today and its limit on the age of work on a draft. */
export async function findReviewSettings(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({ today: firmTodayText(firms.timeZone), staleWorkDays: firms.staleWorkDays })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row!;
}

/**
 * The firm's live invoices not yet sent (drafts, awaiting approval, approved), newest first (at most 500): with their client, currency, the matters they
 * cover and those matters' assigned fee earners; `mine`: only drafts covering a matter `userId` is
 * assigned to.
 */
export async function findReviewDrafts(tx: Tx, firmId: string, userId: string, onlyMine: boolean) {
  const isMine = sql<boolean>`exists (select 1 from ${invoiceMatters} covered
    join ${matterAssignees} assignee on assignee.firm_id = covered.firm_id and assignee.matter_id = covered.matter_id
    where covered.firm_id = ${invoices.firmId} and covered.invoice_id = ${invoices.id} and assignee.user_id = ${userId})`;
  return tx
    .select({
      id: invoices.id,
      status: sql<ReviewDraftSummary['status']>`${invoices.status}`,
      clientId: invoices.clientId,
      clientName: clients.displayName,
      issueDate: invoices.issueDate,
      total: invoices.total,
      currencySymbol: sql<string>`coalesce((select c.symbol from ${currencies} c
        where c.id = coalesce(${invoices.currencyId}, (select f.home_currency_id from ${firms} f where f.id = ${invoices.firmId}))), '')`,
      matters: sql<string[]>`coalesce((select array_agg(m.matter_name order by m.matter_name) from ${invoiceMatters} covered
        join ${matters} m on m.firm_id = covered.firm_id and m.id = covered.matter_id
        where covered.firm_id = ${invoices.firmId} and covered.invoice_id = ${invoices.id}), '{}')`,
      feeEarners: sql<string[]>`coalesce((select array_agg(distinct u.name) from ${invoiceMatters} covered
        join ${matterAssignees} assignee on assignee.firm_id = covered.firm_id and assignee.matter_id = covered.matter_id
        join ${users} u on u.id = assignee.user_id
        where covered.firm_id = ${invoices.firmId} and covered.invoice_id = ${invoices.id}), '{}')`,
      isMine,
    })
    .from(invoices)
    .innerJoin(clients, and(eq(clients.firmId, invoices.firmId), eq(clients.id, invoices.clientId)))
    .where(
      and(
        eq(invoices.firmId, firmId),
        inArray(invoices.status, [...REVIEW_LIST_STATUSES]),
        isNull(invoices.sentAt),
        isNull(invoices.deletedAt),
        onlyMine ? isMine : undefined,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(500);
}

/** What the narrative check reads of the lines of some drafts. */
export async function findCheckedLines(tx: Tx, firmId: string, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return tx
    .select({
      invoiceId: invoiceLines.invoiceId,
      id: invoiceLines.id,
      itemType: invoiceLines.itemType,
      matterId: invoiceLines.matterId,
      lineDate: invoiceLines.lineDate,
      feeEarnerId: invoiceLines.feeEarnerId,
      description: invoiceLines.description,
      hours: invoiceLines.hours,
    })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.firmId, firmId), inArray(invoiceLines.invoiceId, invoiceIds)))
    .orderBy(asc(invoiceLines.sortOrder));
}

/** A client's open matters (where a line may move). */
export async function findOpenMattersOfClient(tx: Tx, firmId: string, clientId: string) {
  return tx
    .select({ id: matters.id, name: matters.matterName, number: matters.matterNumber })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.clientId, clientId), eq(matters.status, 'Open'), isNull(matters.deletedAt)))
    .orderBy(asc(matters.matterName), asc(matters.id));
}

/** A live matter of the firm (null when not the firm's or deleted). */
export async function findLiveMatter(tx: Tx, firmId: string, matterId: string) {
  const [row] = await tx
    .select({ id: matters.id, clientId: matters.clientId, name: matters.matterName, status: matters.status })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId), isNull(matters.deletedAt)));
  return row ?? null;
}

/** Holds an item back from billing; holding an item already held changes nothing (one live hold per item). */
export async function insertHold(tx: Tx, values: typeof billingHolds.$inferInsert): Promise<string | null> {
  const [row] = await tx.insert(billingHolds).values(values).onConflictDoNothing().returning({ id: billingHolds.id });
  return row?.id ?? null;
}

/** The firm's live holds, newest first, with what the list shows. */
export async function findLiveHolds(tx: Tx, firmId: string) {
  return tx
    .select({
      id: billingHolds.id,
      itemType: billingHolds.itemType,
      itemId: billingHolds.itemId,
      clientName: clients.displayName,
      matterName: sql<string>`coalesce((select m.matter_name from ${matters} m where m.firm_id = ${billingHolds.firmId} and m.id = ${billingHolds.matterId}), '')`,
      reason: billingHolds.reason,
      heldByName: users.name,
      heldAt: billingHolds.heldAt,
    })
    .from(billingHolds)
    .innerJoin(clients, and(eq(clients.firmId, billingHolds.firmId), eq(clients.id, billingHolds.clientId)))
    .innerJoin(users, eq(users.id, billingHolds.heldByUserId))
    .where(and(eq(billingHolds.firmId, firmId), isNull(billingHolds.releasedAt)))
    .orderBy(desc(billingHolds.heldAt), desc(billingHolds.id))
    .limit(500);
}

/** Releases a hold of the firm: answers it as it was, with whether it was still live; null when not the firm's. */
export async function releaseHold(tx: Tx, firmId: string, holdId: string, userId: string) {
  const [hold] = await tx
    .select()
    .from(billingHolds)
    .where(and(eq(billingHolds.firmId, firmId), eq(billingHolds.id, holdId)))
    .for('update');
  if (!hold) return null;
  if (hold.releasedAt) return { hold, wasLive: false };
  await tx
    .update(billingHolds)
    .set({ releasedAt: sql`now()`, releasedByUserId: userId })
    .where(and(eq(billingHolds.firmId, firmId), eq(billingHolds.id, holdId)));
  return { hold, wasLive: true };
}
