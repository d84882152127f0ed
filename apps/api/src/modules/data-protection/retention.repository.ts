import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/**
 * The retention review's SQL (ADR 92): what has passed its retention period, the month's review
 * and its items, and what approval does to them. Every function takes the firm first.
 */

export type DueItem = { recordType: 'client' | 'matterFiles'; recordId: string; recordName: string; dueSince: string; lastDate: string };

/**
 * Clients past every retention period: no open matter, no open invoice, no money in trust, no
 * financial record since `financialSince`, nothing closed or opened since `filesSince`, and not
 * anonymised already. Closed matters past `filesSince` whose documents remain (their client not
 * due itself). Each with the last date the retention ran from.
 */
export function findDueItems(tx: Tx, firmId: string, financialSince: string, filesSince: string) {
  return rowsOf<DueItem>(
    tx.execute(sql`
      with client_facts as (
        select c.id, c.display_name, c.created_at::date as created_on,
          (select max(m.matter_close_date) from matters m where m.firm_id = c.firm_id and m.client_id = c.id and m.deleted_at is null) as last_closed,
          exists (select 1 from matters m where m.firm_id = c.firm_id and m.client_id = c.id and m.deleted_at is null and m.status = 'Open') as has_open_matter,
          exists (select 1 from invoices i where i.firm_id = c.firm_id and i.client_id = c.id
            and i.status in ('AwaitingApproval', 'Approved', 'Sent', 'PartlyPaid')) as has_open_invoice,
          coalesce((select sum(l.balance) from trust_ledgers l where l.firm_id = c.firm_id and l.client_id = c.id), 0) > 0 as holds_trust,
          greatest((select max(i.issue_date) from invoices i where i.firm_id = c.firm_id and i.client_id = c.id and i.status <> 'Draft'),
                   (select max(t.transaction_date) from trust_transactions t where t.firm_id = c.firm_id and t.client_id = c.id)) as last_financial
          from clients c
         where c.firm_id = ${firmId} and c.deleted_at is null
           and not exists (select 1 from data_subject_requests r where r.firm_id = c.firm_id and r.subject_type = 'client'
             and r.subject_id = c.id and r.kind = 'erasure' and r.status = 'completed')
           and not exists (select 1 from retention_review_items i where i.firm_id = c.firm_id and i.record_type = 'client'
             and i.record_id = c.id and i.outcome = 'anonymised')
      ), due_clients as (
        select 'client' as "recordType", id as "recordId", display_name as "recordName",
               greatest(created_on, last_closed, last_financial)::text as "lastDate"
          from client_facts
         where not has_open_matter and not has_open_invoice and not holds_trust
           and (last_financial is null or last_financial < ${financialSince}::date)
           and coalesce(last_closed, created_on) < ${filesSince}::date and created_on < ${filesSince}::date
      )
      select "recordType", "recordId", "recordName", "lastDate", "lastDate" as "dueSince" from due_clients
      union all
      select 'matterFiles', m.id, coalesce(m.matter_number || ' ', '') || m.matter_name || ' (' || m.client_name || ')',
             m.matter_close_date::text, m.matter_close_date::text
        from matters m
       where m.firm_id = ${firmId} and m.deleted_at is null and m.status = 'Closed' and m.matter_close_date < ${filesSince}::date
         and exists (select 1 from documents d where d.firm_id = m.firm_id and d.matter_id = m.id and d.deleted_at is null)
         and m.client_id not in (select "recordId" from due_clients)
       order by 1, 3`),
  );
}

export async function insertReview(tx: Tx, firmId: string, period: string) {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into retention_reviews (firm_id, period) values (${firmId}, ${period})
      on conflict (firm_id, period) do nothing returning id`),
  );
  return row?.id ?? null;
}

export async function insertItems(tx: Tx, firmId: string, reviewId: string, items: (DueItem & { reason: string })[]) {
  for (const item of items)
    await tx.execute(sql`insert into retention_review_items (firm_id, review_id, record_type, record_id, record_name, reason, due_since)
      values (${firmId}, ${reviewId}, ${item.recordType}, ${item.recordId}, ${item.recordName}, ${item.reason}, ${item.dueSince}::date)`);
}

export type ReviewRow = {
  id: string;
  period: string;
  status: 'pending' | 'approved';
  createdAt: string;
  approvedAt: string | null;
  approvedBy: string | null;
  items: {
    id: string;
    recordType: 'client' | 'matterFiles';
    recordId: string;
    recordName: string;
    reason: string;
    dueSince: string;
    outcome: 'anonymised' | 'filesRemoved' | 'kept' | null;
  }[];
};

/** The firm's reviews, newest first (a year of them), each with its items. */
export function listReviews(tx: Tx, firmId: string, id?: string) {
  return rowsOf<ReviewRow>(
    tx.execute(sql`select r.id, r.period, r.status, r.created_at as "createdAt", r.approved_at as "approvedAt", u.name as "approvedBy",
        coalesce((select json_agg(json_build_object('id', i.id, 'recordType', i.record_type, 'recordId', i.record_id, 'recordName', i.record_name,
          'reason', i.reason, 'dueSince', i.due_since::text, 'outcome', i.outcome) order by i.record_type, i.record_name)
          from retention_review_items i where i.firm_id = r.firm_id and i.review_id = r.id), '[]') as items
        from retention_reviews r left join users u on u.id = r.approved_by_user_id
       where r.firm_id = ${firmId} ${id ? sql`and r.id = ${id}` : sql``}
       order by r.period desc limit 12`),
  );
}

export async function lockReview(tx: Tx, firmId: string, id: string) {
  const [row] = await rowsOf<{ status: string }>(
    tx.execute(sql`select status from retention_reviews where firm_id = ${firmId} and id = ${id} for update`),
  );
  return row ?? null;
}

export async function setItemOutcome(tx: Tx, firmId: string, itemId: string, outcome: 'anonymised' | 'filesRemoved' | 'kept') {
  await tx.execute(sql`update retention_review_items set outcome = ${outcome} where firm_id = ${firmId} and id = ${itemId}`);
}

export async function approveReview(tx: Tx, firmId: string, id: string, userId: string) {
  await tx.execute(sql`update retention_reviews set status = 'approved', approved_at = now(), approved_by_user_id = ${userId}
    where firm_id = ${firmId} and id = ${id}`);
}

/** A closed matter's files go to the recycle bin (purged after the bin's retention, as any deleted document). */
export async function removeMatterFiles(tx: Tx, firmId: string, matterId: string, userId: string) {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`update documents set deleted_at = now(), deleted_by_user_id = ${userId}
      where firm_id = ${firmId} and matter_id = ${matterId} and deleted_at is null returning id`),
  );
  return rows.length;
}
