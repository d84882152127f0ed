import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { FALLBACK_HOME_CURRENCY } from '../../platform/ledger/ledger.ts';

/**
 * A missed step still goes this many days late (a weekend, a day of downtime), unless a later
 * step is due by then; older ones are let go, so switching reminders on does not chase last
 * year's invoices with "due in 7 days".
 */
export const CATCH_UP_DAYS = 3;

/** Where a run's previous batch ended: the next one reads on from there (in due date and id order). */
export type ReminderCursor = { dueDate: string; invoiceId: string };

export type DueReminder = {
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
 * Up to `limit` reminders due today, after `after` in due date and id order, with what each email
 * needs. An invoice is due a reminder when it reached its client (delivered), is issued with money
 * due, is not disputed, its client did not opt out and has an email, and one of the steps falls on
 * a day from CATCH_UP_DAYS ago to today (the latest such step) that is after it was delivered and
 * that no reminder for the invoice has reached yet.
 */
export function findDueReminders(tx: Tx, firmId: string, today: string, steps: number[], limit: number, after: ReminderCursor | null) {
  const days = `{${steps.map((step) => Math.trunc(step)).join(',')}}`;
  const first = Math.min(...steps);
  const last = Math.max(...steps);
  return rowsOf<DueReminder>(
    tx.execute(sql`
      select i.id as "invoiceId", step.days as "daysFromDue", btrim(c.email) as recipient,
        i.invoice_number as "invoiceNumber", c.display_name as "clientName", i.due_date::text as "dueDate",
        greatest(${today}::date - i.due_date, 0) as "daysOverdue", i.balance_due::text as "balanceDue",
        coalesce((select money.iso_code from currencies money where money.id = coalesce(i.currency_id, home.home_currency_id)),
          ${FALLBACK_HOME_CURRENCY}) as "currencyCode",
        (select l.slug_sealed from invoice_links l where l.firm_id = i.firm_id and l.invoice_id = i.id and l.revoked_at is null
          order by l.created_at desc limit 1) as "linkSealed"
      from invoices i
      join clients c on c.firm_id = i.firm_id and c.id = i.client_id
      cross join (select f.home_currency_id from firms f where f.id = ${firmId}) home
      cross join lateral (
        select max(s.days) as days from unnest(${days}::int[]) s(days)
        where i.due_date + s.days between ${today}::date - ${CATCH_UP_DAYS}::int and ${today}::date
          and i.due_date + s.days > greatest(i.issue_date, i.delivered_date)) step
      where i.firm_id = ${firmId} and i.deleted_at is null
        and i.status in ('Approved', 'Sent', 'PartlyPaid') and i.balance_due > 0
        and i.due_date between ${today}::date - ${last + CATCH_UP_DAYS}::int and ${today}::date - ${first}::int
        and ${after ? sql`(i.due_date, i.id) > (${after.dueDate}::date, ${after.invoiceId}::uuid)` : sql`true`}
        and i.delivered_date is not null
        and step.days is not null
        and nullif(btrim(c.email), '') is not null
        and not exists (select 1 from invoice_disputes d where d.firm_id = i.firm_id and d.invoice_id = i.id)
        and not exists (select 1 from client_reminder_opt_outs o where o.firm_id = i.firm_id and o.client_id = i.client_id)
        and not exists (select 1 from invoice_reminders r
          where r.firm_id = i.firm_id and r.invoice_id = i.id and r.days_from_due >= step.days)
      order by i.due_date, i.id
      limit ${limit}`),
  );
}

export type ReminderClaim = { invoiceId: string; daysFromDue: number; recipient: string; subject: string; outgoingMessageId: string };

/**
 * Records the reminders as sent today, unless they already are; answers the invoices it recorded.
 * The unique key (invoice, step) lets one run write each: another run at the same time waits for
 * that run's transaction and skips the row once it commits. The caller queues the recorded ones'
 * emails in the same transaction, so a recorded reminder is sent, or neither happens.
 */
export async function claimReminders(tx: Tx, firmId: string, today: string, claims: ReminderClaim[]): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = claims.map((claim) => ({
    invoice_id: claim.invoiceId,
    days_from_due: claim.daysFromDue,
    recipient: claim.recipient,
    subject: claim.subject,
    outgoing_message_id: claim.outgoingMessageId,
  }));
  const claimed = await rowsOf<{ invoiceId: string }>(
    tx.execute(sql`insert into invoice_reminders (firm_id, invoice_id, days_from_due, reminder_date, recipient, subject, outgoing_message_id)
      select ${firmId}, v.invoice_id, v.days_from_due, ${today}::date, v.recipient, v.subject, v.outgoing_message_id
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as v(invoice_id uuid, days_from_due int, recipient text, subject text, outgoing_message_id uuid)
      on conflict on constraint invoice_reminders_once_key do nothing
      returning invoice_id as "invoiceId"`),
  );
  return new Set(claimed.map((row) => row.invoiceId));
}
