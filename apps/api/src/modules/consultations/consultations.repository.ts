import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ConsultationStatus } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { consultationBookingLinks, consultationSettings, consultations, firms, users } from '../../db/schema/index.ts';

export type SettingsRow = typeof consultationSettings.$inferSelect;
export type SettingsValues = Omit<typeof consultationSettings.$inferInsert, 'firmId' | 'updatedByUserId' | 'updatedAt'>;

export async function findSettings(tx: Tx, firmId: string): Promise<SettingsRow | null> {
  const [row] = await tx.select().from(consultationSettings).where(eq(consultationSettings.firmId, firmId));
  return row ?? null;
}

export async function saveSettings(tx: Tx, firmId: string, userId: string, values: SettingsValues) {
  const row = { ...values, updatedByUserId: userId, updatedAt: new Date() };
  await tx
    .insert(consultationSettings)
    .values({ firmId, ...row })
    .onConflictDoUpdate({ target: consultationSettings.firmId, set: row });
}

export async function findFirmName(tx: Tx, firmId: string): Promise<string> {
  const [row] = await tx.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId));
  return row?.name ?? '';
}

/**
 * How a confirmation tells a lead to pay a fee not paid online: the currency's symbol and the firm's
 * payment instructions (those its invoices carry by default).
 */
export async function findFeePaymentDetails(tx: Tx, firmId: string, currencyCode: string | null) {
  const [row] = await rowsOf<{ currencySymbol: string; paymentInstructions: string | null }>(
    tx.execute(sql`select coalesce((select money.symbol from currencies money where money.iso_code = ${currencyCode}), '') as "currencySymbol",
        f.default_payment_instructions as "paymentInstructions"
      from firms f where f.id = ${firmId}`),
  );
  return row ?? { currencySymbol: '', paymentInstructions: null };
}

export async function findMember(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
  return row ?? null;
}

/** One booking at a time per assignee: two people choosing the same time wait for each other here. */
export async function lockAssigneeDiary(tx: Tx, firmId: string, assigneeUserId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`consultation:${firmId}:${assigneeUserId}`}, 0))`);
}

/** Holds whose fee was not paid in time give their time back. */
export async function lapseExpiredHolds(tx: Tx, firmId: string) {
  await tx.execute(sql`update consultations set status = 'Lapsed', updated_at = now()
    where firm_id = ${firmId} and status = 'AwaitingPayment' and hold_expires_at < now()`);
}

/** The assignee's live consultations overlapping [from, to) on the wall clock, but one (being moved). */
export function findBookedTimes(
  tx: Tx,
  firmId: string,
  assigneeUserId: string,
  range: { from: string; to: string },
  exceptId: string | null,
) {
  return rowsOf<{ start: string; end: string }>(
    tx.execute(sql`select to_char(start_local, 'YYYY-MM-DD"T"HH24:MI') as "start", to_char(end_local, 'YYYY-MM-DD"T"HH24:MI') as "end"
      from consultations where firm_id = ${firmId} and assignee_user_id = ${assigneeUserId}
        and (status = 'Confirmed' or (status = 'AwaitingPayment' and hold_expires_at >= now()))
        and start_local < ${range.to}::timestamp and end_local > ${range.from}::timestamp
        ${exceptId ? sql`and id <> ${exceptId}` : sql``}`),
  );
}

export type ConsultationRow = {
  id: string;
  leadId: string;
  assigneeUserId: string;
  assigneeName: string;
  assigneeEmail: string;
  status: ConsultationStatus;
  start: string;
  end: string;
  holdExpiresAt: string | null;
  feeAmount: string | null;
  feeCurrency: string | null;
  feeCurrencySymbol: string;
  paidAt: string | null;
  location: string | null;
  videoLink: string | null;
  bookedThrough: 'link' | 'staff';
  calendarEventId: string | null;
  cancelReason: string | null;
};

const COLUMNS = sql`c.id, c.lead_id as "leadId", c.assignee_user_id as "assigneeUserId", u.name as "assigneeName", u.email as "assigneeEmail",
  c.status, to_char(c.start_local, 'YYYY-MM-DD"T"HH24:MI') as "start", to_char(c.end_local, 'YYYY-MM-DD"T"HH24:MI') as "end",
  to_json(c.hold_expires_at) #>> '{}' as "holdExpiresAt", c.fee_amount::text as "feeAmount", c.fee_currency as "feeCurrency",
  coalesce((select money.symbol from currencies money where money.iso_code = c.fee_currency), '') as "feeCurrencySymbol",
  to_json(c.paid_at) #>> '{}' as "paidAt", c.location, c.video_link as "videoLink", c.booked_through as "bookedThrough",
  c.calendar_event_id as "calendarEventId", c.cancel_reason as "cancelReason"`;

export async function findConsultation(tx: Tx, firmId: string, id: string, isLocked = false): Promise<ConsultationRow | null> {
  const [row] = await rowsOf<ConsultationRow>(
    tx.execute(sql`select ${COLUMNS} from consultations c join users u on u.firm_id = c.firm_id and u.id = c.assignee_user_id
      where c.firm_id = ${firmId} and c.id = ${id} ${isLocked ? sql`for update of c` : sql``}`),
  );
  return row ?? null;
}

/** The lead's newest consultation (the live one when there is one). */
export async function findLeadConsultation(tx: Tx, firmId: string, leadId: string, isLocked = false): Promise<ConsultationRow | null> {
  const [row] = await rowsOf<ConsultationRow>(
    tx.execute(sql`select ${COLUMNS} from consultations c join users u on u.firm_id = c.firm_id and u.id = c.assignee_user_id
      where c.firm_id = ${firmId} and c.lead_id = ${leadId}
      order by (c.status in ('AwaitingPayment', 'Confirmed')) desc, c.created_at desc limit 1 ${isLocked ? sql`for update of c` : sql``}`),
  );
  return row ?? null;
}

export type NewConsultation = Omit<typeof consultations.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertConsultation(tx: Tx, values: NewConsultation): Promise<string> {
  const [row] = await tx.insert(consultations).values(values).returning({ id: consultations.id });
  return row!.id;
}

export async function updateConsultation(tx: Tx, firmId: string, id: string, values: Partial<NewConsultation>) {
  await tx
    .update(consultations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(consultations.firmId, firmId), eq(consultations.id, id)));
}

// Booking links.

export async function revokeLeadLinks(tx: Tx, firmId: string, leadId: string) {
  await tx
    .update(consultationBookingLinks)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(consultationBookingLinks.firmId, firmId),
        eq(consultationBookingLinks.leadId, leadId),
        isNull(consultationBookingLinks.revokedAt),
      ),
    );
}

export async function insertLink(tx: Tx, values: typeof consultationBookingLinks.$inferInsert) {
  await tx.insert(consultationBookingLinks).values(values);
}

export async function findLiveLinkOfLead(tx: Tx, firmId: string, leadId: string) {
  const [row] = await tx
    .select({
      sentTo: consultationBookingLinks.sentTo,
      sentAt: consultationBookingLinks.createdAt,
      expiresAt: consultationBookingLinks.expiresAt,
    })
    .from(consultationBookingLinks)
    .where(
      and(
        eq(consultationBookingLinks.firmId, firmId),
        eq(consultationBookingLinks.leadId, leadId),
        isNull(consultationBookingLinks.revokedAt),
        sql`${consultationBookingLinks.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(consultationBookingLinks.createdAt))
    .limit(1);
  return row ?? null;
}

/** A live link by its token's hash, in the identity-lookup scope (before the firm is known). */
export async function findLiveLinkByHash(tx: Tx, tokenHash: string) {
  const [row] = await rowsOf<{ firmId: string; leadId: string; expiresAt: string }>(
    tx.execute(sql`select firm_id as "firmId", lead_id as "leadId", to_json(expires_at) #>> '{}' as "expiresAt"
      from consultation_booking_links where token_hash = ${tokenHash} and revoked_at is null and expires_at > now()`),
  );
  return row ?? null;
}
