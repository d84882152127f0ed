import { computeTimeEntryAmounts, IS_BILLABLE } from '@matterhorn/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { activityTypes, firms, matters, timeEntries } from '../db/schema/index.ts';
import type { SeededFirm } from './seeded-firm.ts';

type DemoEntry = {
  who: 'admin' | 'feeEarner';
  matterIndex: number;
  activityCode: string;
  /** Days before today; this week's entries never reach back past Monday. */
  daysAgo: number;
  isThisWeek?: boolean;
  duration: string;
  isBillable: boolean;
  description: string;
  utbmsTaskCode?: string;
};

const ENTRIES: DemoEntry[] = [
  {
    who: 'admin',
    matterIndex: 0,
    activityCode: 'A104',
    daysAgo: 0,
    isThisWeek: true,
    duration: '1.5',
    isBillable: true,
    description: 'Reviewed the landlord’s notice of rent review and the lease break clause',
    utbmsTaskCode: 'L120',
  },
  {
    who: 'feeEarner',
    matterIndex: 0,
    activityCode: 'A106',
    daysAgo: 1,
    isThisWeek: true,
    duration: '0.5',
    isBillable: true,
    description: 'Call with the client about the service charge arrears',
  },
  {
    who: 'feeEarner',
    matterIndex: 4,
    activityCode: 'A103',
    daysAgo: 2,
    isThisWeek: true,
    duration: '3.25',
    isBillable: true,
    description: 'Drafted the witness statement of the claimant',
    utbmsTaskCode: 'L210',
  },
  {
    who: 'admin',
    matterIndex: 4,
    activityCode: 'A105',
    daysAgo: 1,
    isThisWeek: true,
    duration: '0.25',
    isBillable: false,
    description: 'Internal case conference on tribunal strategy',
  },
  {
    who: 'feeEarner',
    matterIndex: 2,
    activityCode: 'A109',
    daysAgo: 3,
    isThisWeek: true,
    duration: '2',
    isBillable: true,
    description: 'Attended the pre-trial conference at the High Court',
    utbmsTaskCode: 'L230',
  },
  {
    who: 'admin',
    matterIndex: 1,
    activityCode: 'A103',
    daysAgo: 8,
    duration: '4',
    isBillable: true,
    description: 'Revised the share purchase agreement after the buyer’s comments',
  },
  {
    who: 'feeEarner',
    matterIndex: 3,
    activityCode: 'A102',
    daysAgo: 10,
    duration: '1.75',
    isBillable: true,
    description: 'Researched withholding tax on the retainer client’s dividends',
  },
  {
    who: 'feeEarner',
    matterIndex: 5,
    activityCode: 'A110',
    daysAgo: 15,
    duration: '0.5',
    isBillable: false,
    description: 'Filed the trademark search results',
  },
  {
    who: 'admin',
    matterIndex: 6,
    activityCode: 'A108',
    daysAgo: 21,
    duration: '1',
    isBillable: true,
    description: 'Letter of demand to the debtor’s solicitors',
  },
];

/** A few weeks of realistic time for the demo firm's two fee earners: billable and not, this week and earlier. */
export async function seedDemoTimeEntries(database: Database, firm: SeededFirm): Promise<void> {
  await database.withFirm(firm.firmId, async (tx) => {
    const [home] = await tx.select({ currencyId: firms.homeCurrencyId }).from(firms).where(eq(firms.id, firm.firmId));
    const activities = await tx
      .select({ id: activityTypes.id, code: activityTypes.utbmsCode })
      .from(activityTypes)
      .where(eq(activityTypes.firmId, firm.firmId));
    const clientsOfMatters = await tx
      .select({ id: matters.id, clientId: matters.clientId })
      .from(matters)
      .where(eq(matters.firmId, firm.firmId));
    const clientOf = new Map(clientsOfMatters.map((matter) => [matter.id, matter.clientId]));
    // The rates the seed gives each fee earner on every matter.
    const rates = { admin: '80000.00', feeEarner: '50000.00' };
    await tx.insert(timeEntries).values(
      ENTRIES.map((entry) => {
        const matterId = firm.matterIds[entry.matterIndex]!;
        const userRate = entry.isBillable ? rates[entry.who] : '0';
        const amounts = entry.isBillable
          ? computeTimeEntryAmounts({ userRate, duration: entry.duration, exchangeRate: '1' })
          : { totalAmount: '0', foreignTotalAmount: '0', foreignUserRate: '0', homeTotalAmount: '0' };
        const date = entry.isThisWeek
          ? sql`greatest(date_trunc('week', current_date)::date, current_date - ${entry.daysAgo}::int)`
          : sql`current_date - ${entry.daysAgo}::int`;
        return {
          firmId: firm.firmId,
          clientId: clientOf.get(matterId)!,
          matterId,
          activityTypeId: activities.find((activity) => activity.code === entry.activityCode)!.id,
          userId: firm.users[entry.who].id,
          enteredByUserId: firm.users[entry.who].id,
          isBillable: entry.isBillable ? IS_BILLABLE.billable : IS_BILLABLE.notBillable,
          description: entry.description,
          timeEntryDate: date,
          duration: entry.duration,
          userRate,
          homeCurrencyId: home?.currencyId ?? null,
          exchangeRate: '1',
          utbmsTaskCode: entry.utbmsTaskCode ?? null,
          ...amounts,
        };
      }),
    );
  });
}
