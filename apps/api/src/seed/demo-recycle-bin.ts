import { computeTimeEntryAmounts, IS_BILLABLE } from '@matterhorn/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { activityTypes, clientContacts, clients, firms, matters, timeEntries, users } from '../db/schema/index.ts';
import { binChildrenWith } from '../modules/recycle-bin/recycle-bin.api.ts';
import type { SeededFirm } from './seeded-firm.ts';

/**
 * What the demo firm's recycle bin holds (Settings › Recycle bin): a matter whose instructions were
 * withdrawn, deleted with its hour of time, a time entry recorded twice and deleted on its own, and
 * a company's former secretary taken off its contacts. And one member's notification choices (My
 * account): the billing clerk attends no hearings and turned their reminders off.
 */
export async function seedDemoRecycleBin(database: Database, firm: SeededFirm): Promise<void> {
  const admin = firm.users.admin.id;
  await database.withFirm(firm.firmId, async (tx) => {
    const [home] = await tx.select({ currencyId: firms.homeCurrencyId }).from(firms).where(eq(firms.id, firm.firmId));
    const [activity] = await tx.select({ id: activityTypes.id }).from(activityTypes).where(isNull(activityTypes.deletedAt)).limit(1);
    const [anyMatter] = await tx.select({ clientId: matters.clientId }).from(matters).where(eq(matters.id, firm.matterIds[0]!));
    const [withdrawn] = await tx
      .insert(matters)
      .values({
        firmId: firm.firmId,
        clientId: anyMatter!.clientId,
        matterName: 'Boundary survey advice (instructions withdrawn)',
        billingType: 'Hourly',
        createdByUserId: admin,
      })
      .returning({ id: matters.id });
    const entry = (matterId: string, description: string, daysAgo: number) => ({
      firmId: firm.firmId,
      clientId: anyMatter!.clientId,
      matterId,
      activityTypeId: activity!.id,
      userId: admin,
      enteredByUserId: admin,
      isBillable: IS_BILLABLE.billable,
      description,
      timeEntryDate: sql`current_date - ${daysAgo}::int`,
      duration: '1.0000',
      userRate: '50000.00',
      homeCurrencyId: home?.currencyId ?? null,
      exchangeRate: '1',
      ...computeTimeEntryAmounts({ userRate: '50000.00', duration: '1.0000', exchangeRate: '1' }),
    });
    const [duplicate] = await tx
      .insert(timeEntries)
      .values([
        entry(withdrawn!.id, 'Reviewed the survey plan and the title documents', 4),
        entry(firm.matterIds[0]!, 'Call with the client (recorded twice)', 2),
      ])
      .returning({ id: timeEntries.id, matterId: timeEntries.matterId })
      .then((rows) => rows.filter((row) => row.matterId !== withdrawn!.id));
    await tx
      .update(timeEntries)
      .set({ deletedAt: sql`now() - interval '1 day'`, deletedByUserId: admin })
      .where(and(eq(timeEntries.firmId, firm.firmId), eq(timeEntries.id, duplicate!.id)));
    await binChildrenWith(tx, firm.firmId, { kind: 'matter', id: withdrawn!.id }, admin);
    await tx
      .update(matters)
      .set({ deletedAt: sql`now()`, deletedByUserId: admin })
      .where(and(eq(matters.firmId, firm.firmId), eq(matters.id, withdrawn!.id)));
    const [company] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.clientType, 'company'), isNull(clients.deletedAt)))
      .orderBy(clients.createdAt)
      .limit(1);
    await tx.insert(clientContacts).values({
      firmId: firm.firmId,
      clientId: company!.id,
      name: 'Uche Nnadi',
      jobTitle: 'Former company secretary',
      deletedAt: sql`now() - interval '3 days'`,
      deletedByUserId: admin,
    });
    await tx
      .update(users)
      .set({ emailOptOuts: ['hearingReminders'] })
      .where(eq(users.id, firm.users.billing.id));
  });
}
