import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.ts';
import { rowsOf } from './test-app.ts';

/**
 * Courts and court updates inserted as rows, for the calendar's tests: the court updates API is
 * built beside the calendar, and the calendar only reads what it stores.
 */
export async function insertCourt(
  database: Database,
  firmId: string,
  court: { name: string; division?: string | null; address?: string | null },
): Promise<string> {
  const [row] = await database.withFirm(firmId, (tx) =>
    rowsOf<{ id: string }>(
      tx.execute(sql`insert into courts (firm_id, name, division, address)
        values (${firmId}, ${court.name}, ${court.division ?? null}, ${court.address ?? null}) returning id`),
    ),
  );
  return row!.id;
}

export type CourtUpdateRow = {
  matterId: string;
  courtId: string;
  addedByUserId: string;
  nextAdjournedDate: string | null;
  nextAdjournedTime?: string | null;
  purpose?: string | null;
  suitNumber?: string;
  judge?: string | null;
  hearingDate?: string;
};

/** A court update of the matter (its client copied from the matter, as the court updates module does). */
export async function insertCourtUpdate(database: Database, firmId: string, update: CourtUpdateRow): Promise<string> {
  const [row] = await database.withFirm(firmId, (tx) =>
    rowsOf<{ id: string }>(
      tx.execute(sql`insert into court_updates (firm_id, client_id, matter_id, court_id, suit_number, judge, hearing_date, outcome,
          next_adjourned_date, next_adjourned_time, next_adjourned_purpose, added_by_user_id)
        select ${firmId}, m.client_id, m.id, ${update.courtId}, ${update.suitNumber ?? 'FHC/L/CS/1/2026'}, ${update.judge ?? null},
          ${update.hearingDate ?? '2026-01-05'}, 'Adjourned', ${update.nextAdjournedDate}, ${update.nextAdjournedTime ?? null},
          ${update.purpose ?? null}, ${update.addedByUserId}
        from matters m where m.firm_id = ${firmId} and m.id = ${update.matterId}
        returning id`),
    ),
  );
  if (!row) throw new Error(`No matter ${update.matterId} in firm ${firmId}`);
  return row.id;
}

export const setFirmTimeZone = (database: Database, firmId: string, timeZone: string) =>
  database.withFirm(firmId, (tx) => tx.execute(sql`update firms set time_zone = ${timeZone} where id = ${firmId}`));

/** Today's date in a time zone (what the firm calls today). */
export const todayIn = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
