import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

export type ClientHearing = { courtUpdateId: string; matterId: string; date: string };

/** The firm's hearings on a date (a live court update's next adjourned date), on matters still open. */
export function findHearingsOn(tx: Tx, firmId: string, date: string) {
  return rowsOf<ClientHearing>(
    tx.execute(sql`select cu.id as "courtUpdateId", cu.matter_id as "matterId", to_char(cu.next_adjourned_date, 'YYYY-MM-DD') as date
      from court_updates cu join matters m on m.firm_id = cu.firm_id and m.id = cu.matter_id
      where cu.firm_id = ${firmId} and cu.deleted_at is null and m.deleted_at is null and m.status = 'Open'
        and cu.next_adjourned_date = ${date}::date
      order by cu.id`),
  );
}
