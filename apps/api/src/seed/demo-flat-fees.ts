import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { firms, flatFees, matters } from '../db/schema/index.ts';
import type { SeededFirm } from './seeded-firm.ts';

/** The demo firm's fixed fees: its two Flat Rate matters, one billed in stages. */
const FLAT_FEES = [
  {
    matterIndex: 1,
    who: 'admin',
    daysAgo: 40,
    amount: '1250000.00',
    description: 'Share purchase agreement – first half of the agreed fee',
  },
  { matterIndex: 1, who: 'admin', daysAgo: 5, amount: '1250000.00', description: 'Share purchase agreement – completion, second half' },
  { matterIndex: 5, who: 'feeEarner', daysAgo: 12, amount: '450000.00', description: 'Trademark search, filing and registration' },
] as const;

export async function seedDemoFlatFees(database: Database, firm: SeededFirm): Promise<void> {
  await database.withFirm(firm.firmId, async (tx) => {
    const [home] = await tx
      .select({ currencyId: firms.homeCurrencyId })
      .from(firms)
      .where(sql`${firms.id} = ${firm.firmId}`);
    const clientsOfMatters = await tx.select({ id: matters.id, clientId: matters.clientId }).from(matters);
    const clientOf = new Map(clientsOfMatters.map((matter) => [matter.id, matter.clientId]));
    await tx.insert(flatFees).values(
      FLAT_FEES.map((fee) => {
        const matterId = firm.matterIds[fee.matterIndex]!;
        return {
          firmId: firm.firmId,
          clientId: clientOf.get(matterId)!,
          matterId,
          userId: firm.users[fee.who].id,
          addedByUserId: firm.users.admin.id,
          flatFeeDate: sql`current_date - ${fee.daysAgo}::int`,
          description: fee.description,
          amount: fee.amount,
          currencyId: home?.currencyId ?? null,
        };
      }),
    );
  });
}
