import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { clients } from '../db/schema/index.ts';
import { importMatter } from '../modules/matters/matters.api.ts';
import type { SeededFirm } from './seeded-firm.ts';

/**
 * The matter Quick add's example names (issue 44): "1h20m Adeyemi v Bello drafted statement of
 * claim" on /time-entries proposes it for a newcomer who types the placeholder. Oluwaseun Adeyemi's
 * claim against a landlord, with the demo fee earner on it.
 */
export async function seedDemoQuickAddMatter(database: Database, firm: SeededFirm): Promise<void> {
  await database.withFirm(firm.firmId, async (tx) => {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.firmId, firm.firmId), eq(clients.firstName, 'Oluwaseun'), eq(clients.lastName, 'Adeyemi')));
    if (!client) return;
    await importMatter(tx, firm.firmId, firm.users.admin.id, {
      clientId: client.id,
      matterName: 'Adeyemi v Bello',
      description: 'Recovery of premises at 14 Bode Thomas Street, Surulere: claim for possession and arrears of rent.',
      billingType: 'Hourly',
      openDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
      hourlyRate: null,
      feeEarner: { userId: firm.users.feeEarner.id, hourlyRate: '50000.00' },
    });
  });
}
