import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { LeadEventKind, LeadSource, LeadStatus } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { leadEvents, leads, practiceAreas, users } from '../../db/schema/index.ts';
import { firmDateOf, timeZoneOfFirm } from '../../platform/firm-clock.ts';

export type LeadParty = { name: string; partyType: 'individual' | 'company' };

/** The lead's own details, as staff type them or a form's answers fill them. */
export type LeadDetails = {
  leadType: 'individual' | 'company';
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  displayName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postalCode: string | null;
  matterDescription: string | null;
  opposingParties: LeadParty[];
  practiceAreaId: string | null;
  referrerName: string | null;
};

export type NewLead = LeadDetails & {
  firmId: string;
  source: LeadSource;
  assigneeUserId: string | null;
  intakeFormId?: string | null;
  submissionKey?: string | null;
  submission?: unknown;
  createdByUserId: string | null;
};

/** A new lead; null (nothing written) when a lead with the same submission key exists. */
export async function insertLead(tx: Tx, values: NewLead): Promise<string | null> {
  const [row] = await tx
    .insert(leads)
    .values(values)
    .onConflictDoNothing({ target: [leads.firmId, leads.submissionKey], where: sql`submission_key is not null` })
    .returning({ id: leads.id });
  return row?.id ?? null;
}

export async function findLeadIdBySubmissionKey(tx: Tx, firmId: string, submissionKey: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.firmId, firmId), eq(leads.submissionKey, submissionKey)));
  return row?.id ?? null;
}

/**
 * Leads the firm's public forms made lately (deleted ones too: deleting does not undo an email sent):
 * those from one form, or those whose confirmation went to one address, since `hours` ago.
 */
export async function countRecentIntakeLeads(
  tx: Tx,
  firmId: string,
  of: { intakeFormId: string } | { email: string },
  hours: number,
): Promise<number> {
  const which = 'email' in of ? sql`lower(email) = lower(${of.email})` : sql`intake_form_id = ${of.intakeFormId}`;
  const [row] = await rowsOf<{ count: number }>(
    tx.execute(sql`select count(*)::int as count from leads
      where firm_id = ${firmId} and intake_form_id is not null and ${which}
        and created_at > now() - make_interval(hours => ${hours})`),
  );
  return row!.count;
}

export type LeadRow = typeof leads.$inferSelect & {
  practiceAreaName: string | null;
  assigneeName: string | null;
};

/** The firm's lead (not deleted), with its practice area's and assignee's names; locked FOR UPDATE when asked. */
export async function findLeadRow(tx: Tx, firmId: string, leadId: string, isLocked = false): Promise<LeadRow | null> {
  const query = tx
    .select({ lead: leads, practiceAreaName: practiceAreas.name, assigneeName: users.name })
    .from(leads)
    .leftJoin(practiceAreas, and(eq(practiceAreas.firmId, leads.firmId), eq(practiceAreas.id, leads.practiceAreaId)))
    .leftJoin(users, and(eq(users.firmId, leads.firmId), eq(users.id, leads.assigneeUserId)))
    .where(and(eq(leads.firmId, firmId), eq(leads.id, leadId), isNull(leads.deletedAt)));
  const [row] = await (isLocked ? query.for('update', { of: leads }) : query);
  return row ? { ...row.lead, practiceAreaName: row.practiceAreaName, assigneeName: row.assigneeName } : null;
}

export async function updateLead(tx: Tx, firmId: string, leadId: string, values: Partial<typeof leads.$inferInsert>): Promise<void> {
  await tx
    .update(leads)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(leads.firmId, firmId), eq(leads.id, leadId), isNull(leads.deletedAt)));
}

export async function insertLeadEvent(
  tx: Tx,
  values: { firmId: string; leadId: string; kind: LeadEventKind; summary: string; body?: string | null; actorUserId: string | null },
): Promise<void> {
  await tx.insert(leadEvents).values(values);
}

export type LeadEventRow = {
  id: string;
  kind: LeadEventKind;
  summary: string;
  body: string | null;
  actorName: string | null;
  occurredAt: Date | string;
};

/** The lead's timeline, newest first. */
export function findLeadEvents(tx: Tx, firmId: string, leadId: string): Promise<LeadEventRow[]> {
  return rowsOf<LeadEventRow>(
    tx.execute(sql`select e.id, e.kind, e.summary, e.body, actor.name as "actorName", e.occurred_at as "occurredAt"
      from lead_events e left join users actor on actor.firm_id = e.firm_id and actor.id = e.actor_user_id
      where e.firm_id = ${firmId} and e.lead_id = ${leadId}
      order by e.occurred_at desc, e.id desc`),
  );
}

export type LeadFilters = {
  status?: LeadStatus;
  assigneeUserId?: string;
  practiceAreaId?: string;
  source?: LeadSource;
  intakeFormId?: string;
  search?: string;
  from?: string;
  to?: string;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The filters as one condition on `l` (the firm's live leads). */
function whereOf(firmId: string, filters: LeadFilters): SQL {
  const conditions: SQL[] = [sql`l.firm_id = ${firmId}`, sql`l.deleted_at is null`];
  if (filters.status) conditions.push(sql`l.status = ${filters.status}`);
  if (filters.assigneeUserId) conditions.push(sql`l.assignee_user_id = ${filters.assigneeUserId}`);
  if (filters.practiceAreaId) conditions.push(sql`l.practice_area_id = ${filters.practiceAreaId}`);
  if (filters.source) conditions.push(sql`l.source = ${filters.source}`);
  if (filters.intakeFormId) conditions.push(sql`l.intake_form_id = ${filters.intakeFormId}`);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(sql`(l.display_name ilike ${pattern} or l.email ilike ${pattern} or l.phone ilike ${pattern}
      or l.company_name ilike ${pattern} or concat_ws(' ', l.first_name, l.last_name) ilike ${pattern})`);
  }
  const day = firmDateOf(sql`l.created_at`, timeZoneOfFirm(firmId));
  if (filters.from) conditions.push(sql`${day} >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`${day} <= ${filters.to}::date`);
  return sql.join(conditions, sql` and `);
}

export type LeadSummaryRow = {
  id: string;
  displayName: string;
  leadType: 'individual' | 'company';
  email: string | null;
  phone: string | null;
  status: LeadStatus;
  source: LeadSource;
  intakeFormName: string | null;
  practiceAreaId: string | null;
  practiceAreaName: string | null;
  assigneeUserId: string | null;
  assigneeName: string | null;
  conflictDecision: 'no_conflict' | 'proceed_despite_conflict' | 'declined' | null;
  createdAt: Date | string;
  statusChangedAt: Date | string;
};

const SUMMARY_COLUMNS = sql`l.id, l.display_name as "displayName", l.lead_type as "leadType", l.email, l.phone, l.status, l.source,
  l.submission->>'formName' as "intakeFormName", l.practice_area_id as "practiceAreaId", area.name as "practiceAreaName",
  l.assignee_user_id as "assigneeUserId", assignee.name as "assigneeName", l.conflict_decision as "conflictDecision",
  l.created_at as "createdAt", l.status_changed_at as "statusChangedAt"`;
const SUMMARY_JOINS = sql`left join practice_areas area on area.firm_id = l.firm_id and area.id = l.practice_area_id
  left join users assignee on assignee.firm_id = l.firm_id and assignee.id = l.assignee_user_id`;

/** A page of the firm's leads, newest first, and how many match. */
export async function findLeadPage(
  tx: Tx,
  firmId: string,
  filters: LeadFilters,
  page: { page: number; size: number },
): Promise<{ rows: LeadSummaryRow[]; totalCount: number }> {
  const where = whereOf(firmId, filters);
  const rows = await rowsOf<LeadSummaryRow>(
    tx.execute(sql`select ${SUMMARY_COLUMNS} from leads l ${SUMMARY_JOINS} where ${where}
      order by l.created_at desc, l.id desc limit ${page.size} offset ${(page.page - 1) * page.size}`),
  );
  const [count] = await rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from leads l where ${where}`));
  return { rows, totalCount: count?.count ?? 0 };
}

/** Each status's count and its newest `perStatus` leads. */
export async function findLeadBoard(
  tx: Tx,
  firmId: string,
  filters: Omit<LeadFilters, 'status'>,
  perStatus: number,
): Promise<{ counts: { status: LeadStatus; count: number }[]; rows: LeadSummaryRow[] }> {
  const where = whereOf(firmId, filters);
  const counts = await rowsOf<{ status: LeadStatus; count: number }>(
    tx.execute(sql`select l.status, count(*)::int as count from leads l where ${where} group by l.status`),
  );
  const rows = await rowsOf<LeadSummaryRow>(
    tx.execute(sql`select * from (select ${SUMMARY_COLUMNS},
        row_number() over (partition by l.status order by l.created_at desc, l.id desc) as position
        from leads l ${SUMMARY_JOINS} where ${where}) ranked
      where ranked.position <= ${perStatus} order by ranked."createdAt" desc, ranked.id desc`),
  );
  return { counts, rows };
}

/** An active member of the firm (who a lead or a form may be assigned to). */
export async function isActiveMember(tx: Tx, firmId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId), eq(users.isActive, true)));
  return Boolean(row);
}

/** One of the firm's practice areas (not deleted). */
export async function isFirmPracticeArea(tx: Tx, firmId: string, practiceAreaId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: practiceAreas.id })
    .from(practiceAreas)
    .where(and(eq(practiceAreas.firmId, firmId), eq(practiceAreas.id, practiceAreaId), isNull(practiceAreas.deletedAt)));
  return Boolean(row);
}

/** A user's name (for the timeline's sentences). */
export async function findUserName(tx: Tx, firmId: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
  return row?.name ?? null;
}

/**
 * The firm's lead, deleted or not, locked FOR UPDATE, with whether it was converted to a client
 * (its timeline records the conversion, written in the same locked transaction as the client).
 */
export async function lockLeadForRemoval(
  tx: Tx,
  firmId: string,
  leadId: string,
): Promise<{ id: string; isDeleted: boolean; isConverted: boolean; hasComingConsultation: boolean } | null> {
  // A consultation still to come (confirmed, or held for its fee) on the firm's wall clock: the consultations
  // module names leads by id only, so its rows are read here rather than called (it depends on this module).
  const [row] = await rowsOf<{ id: string; isDeleted: boolean; isConverted: boolean; hasComingConsultation: boolean }>(
    tx.execute(sql`select l.id, l.deleted_at is not null as "isDeleted",
        exists (select 1 from lead_events e where e.firm_id = l.firm_id and e.lead_id = l.id and e.kind = 'converted') as "isConverted",
        exists (select 1 from consultations c where c.firm_id = l.firm_id and c.lead_id = l.id
                   and (c.status = 'Confirmed' or (c.status = 'AwaitingPayment' and c.hold_expires_at >= now()))
                   and c.end_local > (now() at time zone ${timeZoneOfFirm(firmId)})) as "hasComingConsultation"
      from leads l where l.firm_id = ${firmId} and l.id = ${leadId} for update of l`),
  );
  return row ?? null;
}

/** Puts a lead from the recycle bin into the firm's lists. */
export async function restoreDeletedLead(tx: Tx, firmId: string, leadId: string): Promise<void> {
  await tx
    .update(leads)
    .set({ deletedAt: null, deletedByUserId: null, updatedAt: new Date() })
    .where(and(eq(leads.firmId, firmId), eq(leads.id, leadId)));
}
