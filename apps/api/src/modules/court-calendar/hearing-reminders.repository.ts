import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { receivesEmail } from '../../platform/notifications/email-opt-outs.ts';

/** What an e-mail says about a hearing. */
export type RemindedHearing = {
  courtUpdateId: string;
  date: string;
  time: string | null;
  purpose: string | null;
  suitNumber: string;
  judge: string | null;
  courtName: string;
  courtDivision: string | null;
  matterName: string;
  matterNumber: string | null;
  clientName: string;
};

const HEARING_FIELDS = sql`cu.id as "courtUpdateId", cu.next_adjourned_date::text as "date",
  to_char(cu.next_adjourned_time, 'HH24:MI') as "time", cu.next_adjourned_purpose as "purpose",
  cu.suit_number as "suitNumber", cu.judge, c.name as "courtName", c.division as "courtDivision",
  m.matter_name as "matterName", m.matter_number as "matterNumber", m.client_name as "clientName"`;

/** Live hearings of live matters, each with every active assignee who has an e-mail address and wants reminders. */
const HEARINGS_WITH_ASSIGNEES = sql`court_updates cu
  join matters m on m.firm_id = cu.firm_id and m.id = cu.matter_id and m.deleted_at is null and m.client_deleted_at is null
  join courts c on c.firm_id = cu.firm_id and c.id = cu.court_id
  join matter_assignees a on a.firm_id = cu.firm_id and a.matter_id = cu.matter_id
  join users u on u.firm_id = a.firm_id and u.id = a.user_id and u.is_active and btrim(u.email) <> ''
    and ${receivesEmail('u', 'hearingReminders')}`;

export type DueReminder = RemindedHearing & { userId: string; email: string; userName: string; daysBefore: number };

/** Reminders due today (the hearing is exactly N days away) and not yet sent. */
export function findDueReminders(tx: Tx, firmId: string, today: string, daysBefore: number[]) {
  const days = `{${daysBefore.map((day) => Math.trunc(day)).join(',')}}`;
  return rowsOf<DueReminder>(
    tx.execute(sql`
      select ${HEARING_FIELDS}, u.id as "userId", u.email, u.name as "userName", d.days as "daysBefore"
      from unnest(${days}::int[]) as d(days) cross join ${HEARINGS_WITH_ASSIGNEES}
      where cu.firm_id = ${firmId} and cu.deleted_at is null and cu.next_adjourned_date = ${today}::date + d.days
        and not exists (select 1 from hearing_reminders r where r.court_update_id = cu.id and r.user_id = u.id
          and r.hearing_date = cu.next_adjourned_date and r.days_before = d.days)
      order by u.id, cu.next_adjourned_date, cu.next_adjourned_time nulls last, cu.id`),
  );
}

export type DueDigest = { userId: string; email: string; userName: string; hearings: RemindedHearing[] };

/** Each user with hearings on the date on their matters and no digest of that date yet. */
export function findDueDigests(tx: Tx, firmId: string, date: string) {
  return rowsOf<DueDigest>(
    tx.execute(sql`
      select u.id as "userId", u.email, u.name as "userName",
        json_agg(json_build_object(
          'courtUpdateId', cu.id, 'date', cu.next_adjourned_date, 'time', to_char(cu.next_adjourned_time, 'HH24:MI'),
          'purpose', cu.next_adjourned_purpose, 'suitNumber', cu.suit_number, 'judge', cu.judge, 'courtName', c.name,
          'courtDivision', c.division, 'matterName', m.matter_name, 'matterNumber', m.matter_number, 'clientName', m.client_name
        ) order by cu.next_adjourned_time nulls last, cu.id) as "hearings"
      from ${HEARINGS_WITH_ASSIGNEES}
      where cu.firm_id = ${firmId} and cu.deleted_at is null and cu.next_adjourned_date = ${date}::date
        and not exists (select 1 from hearing_digests g where g.firm_id = cu.firm_id and g.user_id = u.id and g.digest_date = ${date}::date)
      group by u.id, u.email, u.name
      order by u.id`),
  );
}

/**
 * Records a reminder as sent, unless it already is: false when another run holds or has committed
 * the same record (the insert waits for that run's transaction, then skips).
 */
export async function claimReminder(
  tx: Tx,
  values: { firmId: string; courtUpdateId: string; userId: string; hearingDate: string; daysBefore: number },
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`
      insert into hearing_reminders (firm_id, court_update_id, user_id, hearing_date, days_before)
      values (${values.firmId}, ${values.courtUpdateId}, ${values.userId}, ${values.hearingDate}, ${values.daysBefore})
      on conflict on constraint hearing_reminders_once_key do nothing returning id`),
  );
  return rows.length === 1;
}

export async function claimDigest(tx: Tx, values: { firmId: string; userId: string; digestDate: string; hearingCount: number }) {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`
      insert into hearing_digests (firm_id, user_id, digest_date, hearing_count)
      values (${values.firmId}, ${values.userId}, ${values.digestDate}, ${values.hearingCount})
      on conflict on constraint hearing_digests_once_key do nothing returning id`),
  );
  return rows.length === 1;
}
