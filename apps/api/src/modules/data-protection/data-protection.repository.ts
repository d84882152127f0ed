import { sql } from 'drizzle-orm';
import type { DataSubjectRequestKind, DataSubjectRequestStatus, DataSubjectType, ErasureBlocker } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';

/** The data-protection settings and the log of data-subject requests (ADR 92). */

export type SettingsRow = { requestDueDays: number; closedMatterFileYears: number };

export async function findSettings(tx: Tx, firmId: string): Promise<SettingsRow> {
  const [row] = await rowsOf<SettingsRow>(
    tx.execute(sql`select request_due_days as "requestDueDays", closed_matter_file_years as "closedMatterFileYears"
      from data_protection_settings where firm_id = ${firmId}`),
  );
  return row ?? { requestDueDays: 30, closedMatterFileYears: 7 };
}

export async function saveSettings(tx: Tx, firmId: string, userId: string, settings: SettingsRow) {
  await tx.execute(sql`insert into data_protection_settings (firm_id, request_due_days, closed_matter_file_years, updated_by_user_id)
    values (${firmId}, ${settings.requestDueDays}, ${settings.closedMatterFileYears}, ${userId})
    on conflict (firm_id) do update set request_due_days = excluded.request_due_days,
      closed_matter_file_years = excluded.closed_matter_file_years, updated_by_user_id = excluded.updated_by_user_id, updated_at = now()`);
}

export type RequestRow = {
  id: string;
  subjectType: DataSubjectType;
  subjectId: string;
  subjectName: string;
  kind: DataSubjectRequestKind;
  receivedOn: string;
  dueOn: string;
  daysLeft: number;
  status: DataSubjectRequestStatus;
  notes: string;
  outcome: string | null;
  blockers: ErasureBlocker[];
  loggedBy: string | null;
  closedAt: string | null;
  closedBy: string | null;
  totalCount: number;
};

const SELECT_REQUESTS = (firmId: string, today: string) => sql`
  select r.id, r.subject_type as "subjectType", r.subject_id as "subjectId", r.subject_name as "subjectName", r.kind,
         r.received_on::text as "receivedOn", r.due_on::text as "dueOn", (r.due_on - ${today}::date)::int as "daysLeft", r.status,
         r.notes, r.outcome, r.blockers, logged.name as "loggedBy", r.closed_at as "closedAt", closer.name as "closedBy",
         count(*) over ()::int as "totalCount"
    from data_subject_requests r
    left join users logged on logged.id = r.created_by_user_id
    left join users closer on closer.id = r.closed_by_user_id
   where r.firm_id = ${firmId}`;

/** Open requests first, the soonest due first; then closed ones, most recently closed first. */
export function listRequests(
  tx: Tx,
  firmId: string,
  today: string,
  status: DataSubjectRequestStatus | undefined,
  page: { limit: number; offset: number },
) {
  return rowsOf<RequestRow>(
    tx.execute(sql`${SELECT_REQUESTS(firmId, today)} ${status ? sql`and r.status = ${status}` : sql``}
      order by (r.status = 'open') desc, case when r.status = 'open' then r.due_on end, r.closed_at desc nulls last, r.created_at desc
      limit ${page.limit} offset ${page.offset}`),
  );
}

export async function findRequest(tx: Tx, firmId: string, today: string, id: string, lock = false) {
  if (lock) await tx.execute(sql`select id from data_subject_requests where firm_id = ${firmId} and id = ${id} for update`);
  const [row] = await rowsOf<RequestRow>(tx.execute(sql`${SELECT_REQUESTS(firmId, today)} and r.id = ${id}`));
  return row ?? null;
}

export async function insertRequest(
  tx: Tx,
  firmId: string,
  userId: string,
  request: {
    subjectType: DataSubjectType;
    subjectId: string;
    subjectName: string;
    kind: DataSubjectRequestKind;
    receivedOn: string;
    dueDays: number;
    notes: string;
  },
) {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into data_subject_requests (firm_id, subject_type, subject_id, subject_name, kind, received_on, due_on, notes, created_by_user_id)
      values (${firmId}, ${request.subjectType}, ${request.subjectId}, ${request.subjectName}, ${request.kind}, ${request.receivedOn}::date,
        ${request.receivedOn}::date + ${request.dueDays}::int, ${request.notes}, ${userId}) returning id`),
  );
  return row!.id;
}

export async function closeRequest(
  tx: Tx,
  firmId: string,
  userId: string,
  id: string,
  close: { status: 'completed' | 'refused'; outcome: string | null; blockers: ErasureBlocker[] },
) {
  await tx.execute(sql`update data_subject_requests set status = ${close.status}, outcome = ${close.outcome},
      blockers = ${JSON.stringify(close.blockers)}::jsonb, closed_at = now(), closed_by_user_id = ${userId}
    where firm_id = ${firmId} and id = ${id}`);
}

/** After an erasure: the log keeps that a request was made and answered, not the name it erased. */
export async function replaceSubjectName(tx: Tx, firmId: string, subjectType: DataSubjectType, subjectId: string, name: string) {
  await tx.execute(sql`update data_subject_requests set subject_name = ${name}
    where firm_id = ${firmId} and subject_type = ${subjectType} and subject_id = ${subjectId}`);
}

export async function findFirmName(tx: Tx, firmId: string) {
  const [row] = await rowsOf<{ name: string }>(tx.execute(sql`select name from firms where id = ${firmId}`));
  return row?.name ?? '';
}
