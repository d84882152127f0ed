import { billRunFiltersSchema, computeTimeEntryAmounts, IS_BILLABLE } from '@matterhorn/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database.ts';
import { timeEntries } from '../db/schema/index.ts';
import { createBillRunService, runWaitingBillRuns } from '../modules/bill-runs/bill-runs.api.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

/** The matters the demo's bill run covers (by number), and the work of weeks ago it finds on them. */
const WORK: { matterNumber: string; daysAgo: number; duration: string; description: string }[] = [
  { matterNumber: 'MAT-00004', daysAgo: 60, duration: '3.0', description: 'Advised the board on the annual general meeting resolutions' },
  { matterNumber: 'MAT-00004', daysAgo: 55, duration: '1.5', description: 'Reviewed the register of members and filed the annual return' },
  { matterNumber: 'MAT-00007', daysAgo: 58, duration: '2.0', description: 'Drafted the letter of demand to the debtor' },
  { matterNumber: 'MAT-00006', daysAgo: 52, duration: '0.5', description: 'Called the registry about the trademark search' },
];
/** Before every other unbilled item of the demo, so the run drafts only the work above. */
const WORK_UP_TO_DAYS_AGO = 45;
const MINIMUM = '100000';

/**
 * A finished bill run (issue 44 §3) for a newcomer to open under Billing › Bill Runs: two drafts
 * and one matter skipped below the minimum; made by the service and the queue job's own function.
 */
export async function seedDemoBillRun(database: Database, firm: SeededFirm): Promise<void> {
  const principal = seedPrincipalOf(firm);
  const { matters, activityId, currencyId } = await database.withFirm(firm.firmId, async (tx) => ({
    matters: await rowsOf<{ id: string; clientId: string; matterNumber: string }>(
      tx.execute(sql`select id, client_id as "clientId", matter_number as "matterNumber" from matters
        where matter_number = any(${`{${[...new Set(WORK.map((work) => work.matterNumber))].join(',')}}`}::text[])`),
    ),
    activityId: (await rowsOf<{ id: string }>(tx.execute(sql`select id from activity_types order by utbms_code limit 1`)))[0]?.id,
    currencyId: (await rowsOf<{ id: number | null }>(tx.execute(sql`select home_currency_id as id from firms`)))[0]?.id ?? null,
  }));
  if (matters.length === 0 || !activityId) return;
  const byNumber = new Map(matters.map((matter) => [matter.matterNumber, matter]));
  const rate = '50000.00';
  await database.withFirm(firm.firmId, (tx) =>
    tx.insert(timeEntries).values(
      WORK.filter((work) => byNumber.has(work.matterNumber)).map((work) => ({
        firmId: firm.firmId,
        clientId: byNumber.get(work.matterNumber)!.clientId,
        matterId: byNumber.get(work.matterNumber)!.id,
        activityTypeId: activityId,
        userId: firm.users.feeEarner.id,
        enteredByUserId: firm.users.feeEarner.id,
        isBillable: IS_BILLABLE.billable,
        description: work.description,
        timeEntryDate: sql`current_date - ${work.daysAgo}::int`,
        duration: work.duration,
        userRate: rate,
        homeCurrencyId: currencyId,
        exchangeRate: '1',
        ...computeTimeEntryAmounts({ userRate: rate, duration: work.duration, exchangeRate: '1' }),
      })),
    ),
  );
  const workUpTo = new Date(Date.now() - WORK_UP_TO_DAYS_AGO * 86_400_000).toISOString().slice(0, 10);
  const billRuns = createBillRunService({ database, requestRun: () => undefined });
  await billRuns.start(
    principal,
    billRunFiltersSchema.parse({ workUpTo, minimumUnbilled: MINIMUM, matterIds: matters.map((matter) => matter.id) }),
  );
  await runWaitingBillRuns({ database });
}
