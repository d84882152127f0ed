import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { FALLBACK_HOME_CURRENCY } from '../../platform/ledger/ledger.ts';

/**
 * A missed step still goes this many days late (a weekend, a day of downtime), unless a later
 * step is due by then; older ones are let go, so switching reminders on does not chase last
 * year's invoices with "due in 7 days".
 */
export const CATCH_UP_DAYS = 3;

/** Identity lookup (no firm yet): every firm with its date and hour now, in its own time zone. */
export function listFirmClocks(tx: Tx, now: Date) {
  return rowsOf<{ firmId: string; today: string; hour: number }>(
    tx.execute(sql`
      select id as "firmId", to_char((${now.toISOString()}::timestamptz at time zone time_zone)::date, 'YYYY-MM-DD') as "today",
        extract(hour from ${now.toISOString()}::timestamptz at time zone time_zone)::int as "hour"
      from firms order by id`),
  );
}

export type ClaimedReminder = {
  id: string;
  invoiceId: string;
  daysFromDue: number;
  recipient: string;
  invoiceNumber: string;
  clientName: string;
  dueDate: string;
  daysOverdue: number;
  balanceDue: string;
  currencyCode: string;
  linkSealed: string | null;
};

/**
 * Claims up to `limit` reminders due today and answers what each email needs. An invoice is due a
 * reminder when it reached its client (delivered), is issued with money due, is not disputed, its
 * client did not opt out and has an email, and one of the steps falls on a day from CATCH_UP_DAYS
 * ago to today (the latest such step) that is after it was delivered and that no reminder for the
 * invoice has reached yet.
 *
 * The claim is the insert: the unique key (invoice, step) lets one run write each row; another run
 * at the same time waits for that run's transaction and skips the row once it commits. The caller
 * queues the emails in the same transaction, so a claimed reminder is sent, or neither happens.
 */
export function claimDueReminders(tx: Tx, firmId: string, today: string, steps: number[], limit: number) {
  const days = `{${steps.map((step) => Math.trunc(step)).join(',')}}`;
  const first = Math.min(...steps);
  const last = Math.max(...steps);
  return rowsOf<ClaimedReminder>(
    tx.execute(sql`
      with due as (
        select i.id as invoice_id, step.days, nullif(btrim(c.email), '') as recipient
        from invoices i
        join clients c on c.firm_id = i.firm_id and c.id = i.client_id
        cross join lateral (
          select max(s.days) as days from unnest(${days}::int[]) s(days)
          where i.due_date + s.days between ${today}::date - ${CATCH_UP_DAYS}::int and ${today}::date
            and i.due_date + s.days > greatest(i.issue_date, i.delivered_date)) step
        where i.firm_id = ${firmId} and i.deleted_at is null
          and i.status in ('Approved', 'Sent', 'PartlyPaid') and i.balance_due > 0
          and i.due_date between ${today}::date - ${last + CATCH_UP_DAYS}::int and ${today}::date - ${first}::int
          and i.delivered_date is not null
          and step.days is not null
          and nullif(btrim(c.email), '') is not null
          and not exists (select 1 from invoice_disputes d where d.firm_id = i.firm_id and d.invoice_id = i.id)
          and not exists (select 1 from client_reminder_opt_outs o where o.firm_id = i.firm_id and o.client_id = i.client_id)
          and not exists (select 1 from invoice_reminders r
            where r.firm_id = i.firm_id and r.invoice_id = i.id and r.days_from_due >= step.days)
        order by i.due_date, i.id
        limit ${limit}
      ),
      claimed as (
        insert into invoice_reminders (firm_id, invoice_id, days_from_due, reminder_date, recipient, subject)
        select ${firmId}, due.invoice_id, due.days, ${today}::date, due.recipient, '' from due
        on conflict on constraint invoice_reminders_once_key do nothing
        returning id, invoice_id, days_from_due, recipient
      )
      select claimed.id, claimed.invoice_id as "invoiceId", claimed.days_from_due as "daysFromDue", claimed.recipient,
        i.invoice_number as "invoiceNumber", c.display_name as "clientName", i.due_date::text as "dueDate",
        greatest(${today}::date - i.due_date, 0) as "daysOverdue", i.balance_due::text as "balanceDue",
        coalesce((select money.iso_code from currencies money where money.id = coalesce(i.currency_id,
          (select home.home_currency_id from firms home where home.id = i.firm_id))), ${FALLBACK_HOME_CURRENCY}) as "currencyCode",
        (select l.slug_sealed from invoice_links l where l.firm_id = i.firm_id and l.invoice_id = i.id and l.revoked_at is null
          order by l.created_at desc limit 1) as "linkSealed"
      from claimed
      join invoices i on i.firm_id = ${firmId} and i.id = claimed.invoice_id
      join clients c on c.firm_id = i.firm_id and c.id = i.client_id
      order by i.due_date, i.id`),
  );
}

/** Each claimed reminder's subject as sent and the outbox row that carries it. */
export async function recordQueuedReminders(tx: Tx, firmId: string, queued: { id: string; subject: string; messageId: string }[]) {
  if (queued.length === 0) return;
  const rows = queued.map((row) => ({ id: row.id, subject: row.subject, message_id: row.messageId }));
  await tx.execute(sql`update invoice_reminders r set subject = v.subject, outgoing_message_id = v.message_id
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, subject text, message_id uuid)
    where r.firm_id = ${firmId} and r.id = v.id`);
}
