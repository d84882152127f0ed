import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { firmTodayText } from '../../platform/firm-clock.ts';
import type { ReportContext } from './report-definition.ts';

type NamedFilters = {
  FeeEarnerId?: string | undefined;
  ClientId?: string | undefined;
  MatterId?: string | undefined;
  PracticeAreaId?: string | undefined;
};

/** The firm's name, today, home currency and time zone, and the names of the records the filters name: one statement. */
export async function findReportContext(tx: Tx, firmId: string, userId: string, filters: NamedFilters): Promise<ReportContext> {
  const [row] = await rowsOf<{
    firmName: string;
    today: string;
    homeCurrencyCode: string | null;
    timeZone: string;
    feeEarner: string | null;
    client: string | null;
    matter: string | null;
    practiceArea: string | null;
  }>(
    tx.execute(sql`
      select firm.name as "firmName", ${firmTodayText(sql`firm.time_zone`)} as today, currency.iso_code as "homeCurrencyCode",
        firm.time_zone as "timeZone",
        (select name from users where firm_id = firm.id and id = ${filters.FeeEarnerId ?? null}::uuid) as "feeEarner",
        (select display_name from clients where firm_id = firm.id and id = ${filters.ClientId ?? null}::uuid) as client,
        (select coalesce(matter_number || ' ', '') || matter_name from matters where firm_id = firm.id and id = ${filters.MatterId ?? null}::uuid) as matter,
        (select name from practice_areas where firm_id = firm.id and id = ${filters.PracticeAreaId ?? null}::uuid) as "practiceArea"
      from firms firm left join currencies currency on currency.id = firm.home_currency_id
      where firm.id = ${firmId}`),
  );
  if (!row) throw new Error('The firm of this transaction was not found');
  const names = Object.fromEntries(
    (['feeEarner', 'client', 'matter', 'practiceArea'] as const).flatMap((key) => (row[key] ? [[key, row[key]]] : [])),
  );
  return {
    firmId,
    userId,
    firmName: row.firmName,
    today: row.today,
    homeCurrencyCode: row.homeCurrencyCode ?? 'NGN',
    timeZone: row.timeZone,
    names,
  };
}
