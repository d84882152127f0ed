import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { clientReminderOptOuts, invoiceDisputes, invoiceReminderSchedules, invoiceReminderSteps } from '../../db/schema/index.ts';
import { FALLBACK_HOME_CURRENCY } from '../../platform/ledger/ledger.ts';

// The firm's schedule, disputes and clients' choices. The job's statements are in due-reminders.repository.ts.

export async function findSchedule(tx: Tx, firmId: string) {
  const [schedule] = await tx.select().from(invoiceReminderSchedules).where(eq(invoiceReminderSchedules.firmId, firmId));
  if (!schedule) return null;
  const steps = await tx
    .select({
      daysFromDue: invoiceReminderSteps.daysFromDue,
      isEnabled: invoiceReminderSteps.isEnabled,
      subject: invoiceReminderSteps.subject,
      body: invoiceReminderSteps.body,
    })
    .from(invoiceReminderSteps)
    .where(eq(invoiceReminderSteps.firmId, firmId))
    .orderBy(asc(invoiceReminderSteps.daysFromDue));
  return { ...schedule, steps };
}

export type StepValues = { daysFromDue: number; isEnabled: boolean; subject: string; body: string };

/** Replaces the firm's schedule and its steps (the row is locked by the upsert, so two saves take turns). */
export async function saveSchedule(tx: Tx, firmId: string, userId: string, isEnabled: boolean, steps: StepValues[]) {
  await tx
    .insert(invoiceReminderSchedules)
    .values({ firmId, isEnabled, updatedByUserId: userId })
    .onConflictDoUpdate({ target: invoiceReminderSchedules.firmId, set: { isEnabled, updatedByUserId: userId, updatedAt: sql`now()` } });
  await tx.delete(invoiceReminderSteps).where(eq(invoiceReminderSteps.firmId, firmId));
  if (steps.length) await tx.insert(invoiceReminderSteps).values(steps.map((step) => ({ firmId, ...step })));
}

export type ReminderInvoiceRow = {
  id: string;
  invoiceNumber: string | null;
  status: string;
  clientId: string;
  clientName: string;
  clientEmail: string | null;
  dueDate: string;
  balanceDue: string;
  currencyCode: string;
  isOpen: boolean;
};

const invoiceFields = sql`i.id, i.invoice_number as "invoiceNumber", i.status, i.client_id as "clientId",
  c.display_name as "clientName", nullif(btrim(c.email), '') as "clientEmail", i.due_date::text as "dueDate",
  i.balance_due::text as "balanceDue",
  coalesce((select money.iso_code from currencies money where money.id = coalesce(i.currency_id,
    (select home.home_currency_id from firms home where home.id = i.firm_id))), ${FALLBACK_HOME_CURRENCY}) as "currencyCode",
  (i.status in ('Approved', 'Sent', 'PartlyPaid') and i.balance_due > 0) as "isOpen"`;

/** A live invoice of the firm with what a reminder says of it; null when it is not the firm's. */
export async function findReminderInvoice(tx: Tx, firmId: string, invoiceId: string): Promise<ReminderInvoiceRow | null> {
  const [row] = await rowsOf<ReminderInvoiceRow>(
    tx.execute(sql`select ${invoiceFields} from invoices i join clients c on c.firm_id = i.firm_id and c.id = i.client_id
      where i.firm_id = ${firmId} and i.id = ${invoiceId} and i.deleted_at is null`),
  );
  return row ?? null;
}

/** The firm's newest issued invoice with money due: what a template is previewed with when none is chosen. */
export async function findNewestOpenInvoiceId(tx: Tx, firmId: string): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`select i.id from invoices i where i.firm_id = ${firmId} and i.deleted_at is null
      and i.status in ('Approved', 'Sent', 'PartlyPaid') and i.balance_due > 0
      order by i.issue_date desc, i.created_at desc, i.id desc limit 1`),
  );
  return row?.id ?? null;
}

/** The invoice's newest live public link, sealed (null: none, or issued before links were kept sealed). */
export async function findLiveLinkSealed(tx: Tx, firmId: string, invoiceId: string): Promise<string | null> {
  const [row] = await rowsOf<{ slugSealed: string | null }>(
    tx.execute(sql`select l.slug_sealed as "slugSealed" from invoice_links l
      where l.firm_id = ${firmId} and l.invoice_id = ${invoiceId} and l.revoked_at is null
      order by l.created_at desc limit 1`),
  );
  return row?.slugSealed ?? null;
}

export type FirmLetterRow = { name: string; portalSlug: string | null; invoiceFooter: string | null; today: string };

/** What every reminder of the firm says of it, and its today. */
export async function findFirmLetter(tx: Tx, firmId: string, now: Date): Promise<FirmLetterRow> {
  const [row] = await rowsOf<FirmLetterRow>(
    tx.execute(sql`select f.name, f.portal_slug as "portalSlug", f.invoice_footer as "invoiceFooter",
        to_char((${now.toISOString()}::timestamptz at time zone f.time_zone)::date, 'YYYY-MM-DD') as "today"
      from firms f where f.id = ${firmId}`),
  );
  return row!;
}

export type DisputeRow = { note: string; disputedAt: Date | string; disputedByName: string };

export async function findDispute(tx: Tx, firmId: string, invoiceId: string): Promise<DisputeRow | null> {
  const [row] = await rowsOf<DisputeRow>(
    tx.execute(sql`select d.note, d.disputed_at as "disputedAt", coalesce(u.name, '') as "disputedByName"
      from invoice_disputes d left join users u on u.firm_id = d.firm_id and u.id = d.disputed_by_user_id
      where d.firm_id = ${firmId} and d.invoice_id = ${invoiceId}`),
  );
  return row ?? null;
}

/** Marks the invoice disputed; false when it already was (the primary key holds one dispute per invoice). */
export async function insertDispute(tx: Tx, values: { firmId: string; invoiceId: string; note: string; disputedByUserId: string }) {
  const rows = await tx.insert(invoiceDisputes).values(values).onConflictDoNothing().returning({ invoiceId: invoiceDisputes.invoiceId });
  return rows.length === 1;
}

/** Clears the dispute; answers it as it was, or null when there was none. */
export async function deleteDispute(tx: Tx, firmId: string, invoiceId: string) {
  const [row] = await tx
    .delete(invoiceDisputes)
    .where(and(eq(invoiceDisputes.firmId, firmId), eq(invoiceDisputes.invoiceId, invoiceId)))
    .returning({ note: invoiceDisputes.note });
  return row ?? null;
}

export type SentReminderRow = {
  id: string;
  daysFromDue: number;
  reminderDate: string;
  recipient: string;
  subject: string;
  deliveryStatus: 'pending' | 'sent' | 'failed' | null;
  createdAt: Date | string;
};

/** Every reminder sent for the invoice, newest first, with its email's delivery. */
export function findSentReminders(tx: Tx, firmId: string, invoiceId: string) {
  return rowsOf<SentReminderRow>(
    tx.execute(sql`select r.id, r.days_from_due as "daysFromDue", r.reminder_date::text as "reminderDate", r.recipient, r.subject,
        m.status as "deliveryStatus", r.created_at as "createdAt"
      from invoice_reminders r left join outgoing_messages m on m.firm_id = r.firm_id and m.id = r.outgoing_message_id
      where r.firm_id = ${firmId} and r.invoice_id = ${invoiceId}
      order by r.created_at desc, r.days_from_due desc`),
  );
}

export async function isClientOptedOut(tx: Tx, firmId: string, clientId: string): Promise<boolean> {
  const rows = await tx
    .select({ clientId: clientReminderOptOuts.clientId })
    .from(clientReminderOptOuts)
    .where(and(eq(clientReminderOptOuts.firmId, firmId), eq(clientReminderOptOuts.clientId, clientId)));
  return rows.length === 1;
}

/** A live client of the firm (not in the recycle bin); false for any other id. */
export async function isLiveClient(tx: Tx, firmId: string, clientId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`select c.id from clients c where c.firm_id = ${firmId} and c.id = ${clientId} and c.deleted_at is null`),
  );
  return rows.length === 1;
}

/** Sets the client's choice; answers whether it changed. */
export async function setClientOptOut(tx: Tx, firmId: string, clientId: string, userId: string, isOptedOut: boolean): Promise<boolean> {
  if (isOptedOut) {
    const rows = await tx
      .insert(clientReminderOptOuts)
      .values({ firmId, clientId, optedOutByUserId: userId })
      .onConflictDoNothing()
      .returning({ clientId: clientReminderOptOuts.clientId });
    return rows.length === 1;
  }
  const rows = await tx
    .delete(clientReminderOptOuts)
    .where(and(eq(clientReminderOptOuts.firmId, firmId), eq(clientReminderOptOuts.clientId, clientId)))
    .returning({ clientId: clientReminderOptOuts.clientId });
  return rows.length === 1;
}
