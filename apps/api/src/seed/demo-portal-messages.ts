import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { portalAccounts, portalMessages } from '../db/schema/index.ts';
import type { SeededFirm } from './seeded-firm.ts';

/**
 * The demo client's thread with the firm on her first matter: her question, the fee earner's
 * answer (read), and a follow-up of hers the firm has not opened yet, so both Messages tabs show
 * read receipts and an unread message.
 */
export async function seedDemoPortalMessages(database: Database, firm: SeededFirm): Promise<void> {
  const matterId = firm.matterIds[0];
  if (!matterId) return;
  await database.withFirm(firm.firmId, async (tx) => {
    const [account] = await tx
      .select({ id: portalAccounts.id })
      .from(portalAccounts)
      .where(eq(portalAccounts.clientId, firm.portalClient.clientId));
    if (!account) return;
    const common = { firmId: firm.firmId, clientId: firm.portalClient.clientId, matterId };
    await tx.insert(portalMessages).values([
      {
        ...common,
        senderKind: 'client',
        senderPortalAccountId: account.id,
        body: 'Has the landlord replied to our letter about the water damage?',
        createdAt: sql`now() - interval '3 days'`,
        readAt: sql`now() - interval '3 days' + interval '2 hours'`,
        readByUserId: firm.users.feeEarner.id,
        notifiedAt: sql`now() - interval '3 days'`,
      },
      {
        ...common,
        senderKind: 'firm',
        senderUserId: firm.users.feeEarner.id,
        body: 'Not yet. We have asked Marina Estates for their maintenance log and will chase them on Friday.',
        createdAt: sql`now() - interval '3 days' + interval '2 hours'`,
        readAt: sql`now() - interval '2 days'`,
        notifiedAt: sql`now() - interval '3 days' + interval '2 hours'`,
      },
      {
        ...common,
        senderKind: 'client',
        senderPortalAccountId: account.id,
        body: 'Thank you. I can send photos of the ceiling if that helps.',
        createdAt: sql`now() - interval '1 day'`,
        notifiedAt: sql`now() - interval '1 day'`,
      },
    ]);
  });
}
