import type { Database } from '../db/database.ts';
import { timeEntryLogs, timers } from '../db/schema/index.ts';
import type { SeededFirm } from './seeded-firm.ts';

const MINUTE = 60_000;

/**
 * The demo fee earner's timers (issue 44): two paused, on different matters, so a newcomer sees the
 * header hold time and its Timers menu list one to switch to. The current one ran 25 minutes this
 * morning; the other 40 minutes earlier on.
 */
export async function seedDemoTimers(database: Database, firm: SeededFirm): Promise<void> {
  const userId = firm.users.feeEarner.id;
  const now = Date.now();
  await database.withFirm(firm.firmId, async (tx) => {
    const [waiting, current] = await tx
      .insert(timers)
      .values([
        { firmId: firm.firmId, userId, matterId: firm.matterIds[1]!, description: 'Mark up the disclosure letter' },
        { firmId: firm.firmId, userId, matterId: firm.matterIds[0]!, description: 'Review the landlord’s notice to quit', isCurrent: true },
      ])
      .returning({ id: timers.id });
    await tx.insert(timeEntryLogs).values([
      { firmId: firm.firmId, userId, timerId: waiting!.id, startedAt: new Date(now - 120 * MINUTE), pausedAt: new Date(now - 80 * MINUTE) },
      { firmId: firm.firmId, userId, timerId: current!.id, startedAt: new Date(now - 50 * MINUTE), pausedAt: new Date(now - 25 * MINUTE) },
    ]);
  });
}
