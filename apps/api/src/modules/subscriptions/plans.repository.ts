import { sql } from 'drizzle-orm';
import type { PlanCatalogue } from '@matterhorn/shared';
import { rowsOf, type Database, type Tx } from '../../db/database.ts';

const TRIAL_CODE = 'trial';
/** How long the free plan's period is: it never ends (SPEC.md's Free has an end date; 100 years stands for none). */
export const FREE_PERIOD_DAYS = 36_500;

/**
 * Writes the catalogue into the plans table as the owner (the app role only reads plans): each plan by
 * its code, the trial as 'trial'; a plan no longer in the catalogue stays for the subscriptions that
 * name it, not public. Prices kept are a seat's for 30 days, in dollars and in naira.
 */
export async function writePlanCatalogue(database: Database, catalogue: PlanCatalogue) {
  const rows = [
    {
      code: TRIAL_CODE,
      name: 'Trial',
      usd: 0,
      ngn: 0,
      days: catalogue.trial.days,
      users: catalogue.trial.seats,
      isPublic: false,
      order: 0,
      description: `Every feature for ${catalogue.trial.days} days`,
    },
    ...catalogue.plans.map((plan, index) => ({
      code: plan.code,
      name: plan.name,
      usd: plan.pricePerSeat?.monthly.USD ?? 0,
      ngn: plan.pricePerSeat?.monthly.NGN ?? 0,
      days: plan.kind === 'free' ? FREE_PERIOD_DAYS : 30,
      users: plan.kind === 'free' ? (plan.limits.users ?? 1) : 1,
      isPublic: true,
      order: index + 1,
      description: plan.description,
    })),
  ];
  await database.db.transaction(async (tx) => {
    for (const row of rows)
      await tx.execute(sql`insert into plans (code, name, amount, ngn_amount, currency_id, duration_in_days, allocated_number_users,
          is_public, sort_order, description)
        values (${row.code}, ${row.name}, ${row.usd} / 100.0, ${row.ngn} / 100.0, (select id from currencies where iso_code = 'USD'),
          ${row.days}, ${row.users}, ${row.isPublic}, ${row.order}, ${row.description})
        on conflict (code) do update set name = excluded.name, amount = excluded.amount, ngn_amount = excluded.ngn_amount,
          duration_in_days = excluded.duration_in_days, allocated_number_users = excluded.allocated_number_users,
          is_public = excluded.is_public, sort_order = excluded.sort_order, description = excluded.description`);
    // Codes are the catalogue's, checked to be lower-case letters, digits and hyphens.
    const codes = sql.raw(`array[${rows.map((row) => `'${row.code}'`).join(', ')}]`);
    await tx.execute(sql`update plans set is_public = false where is_public and (code is null or code <> all(${codes}))`);
  });
}

/** The plans' ids by code, for the catalogue's offers (the app role reads plans). */
export async function findPlanIds(tx: Tx): Promise<Map<string, string>> {
  const rows = await rowsOf<{ code: string; id: string }>(tx.execute(sql`select code, id::text from plans where code is not null`));
  return new Map(rows.map((row) => [row.code, row.id]));
}
