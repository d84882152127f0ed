import { computeTimeEntryAmounts, createInvoiceSchema, IS_BILLABLE } from '@matterhorn/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database.ts';
import { timeEntries } from '../db/schema/index.ts';
import { createInvoiceService } from '../modules/invoices/invoices.service.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

type DraftEntry = { who: 'admin' | 'feeEarner'; daysAgo: number; duration: string; description: string };

/**
 * Two drafts waiting for pre-bill review (issue 44 §3), on matters the demo's fee earners are
 * assigned to, with lines the narrative check flags: a very short narrative, block billing, a
 * duplicate pair, a day over 10 hours and work older than the firm's 90 days; and clean lines beside
 * them. Their own new time, so the demo's other unbilled work stays for the invoice builder.
 */
const DRAFTS: DraftEntry[][] = [
  [
    { who: 'feeEarner', daysAgo: 6, duration: '2.5', description: 'Drafted the defence and counterclaim to the landlord’s claim' },
    { who: 'feeEarner', daysAgo: 5, duration: '0.3', description: 'Call' },
    { who: 'feeEarner', daysAgo: 4, duration: '1.2', description: 'Reviewed the lease; drafted the notice to quit' },
    { who: 'feeEarner', daysAgo: 3, duration: '0.8', description: 'Emailed the client the draft witness statement' },
    { who: 'feeEarner', daysAgo: 3, duration: '0.8', description: 'Emailed the client the draft witness statement' },
    { who: 'admin', daysAgo: 120, duration: '1.0', description: 'Advised the client on the break clause and its notice period' },
  ],
  [
    { who: 'admin', daysAgo: 2, duration: '6.5', description: 'Prepared the trial bundle and the chronology of events' },
    { who: 'admin', daysAgo: 2, duration: '4.5', description: 'Attended the case management conference at the High Court' },
    { who: 'feeEarner', daysAgo: 1, duration: '1.0', description: 'Researched the authorities on relief from forfeiture' },
  ],
];

export async function seedDemoPreBillReview(database: Database, firm: SeededFirm): Promise<void> {
  const principal = seedPrincipalOf(firm);
  const invoices = createInvoiceService(database);
  const { matters, activityId, currencyId } = await database.withFirm(firm.firmId, async (tx) => ({
    // Open hourly matters of clients with an email, the first by number.
    matters: await rowsOf<{ id: string; clientId: string }>(
      tx.execute(sql`select m.id, m.client_id as "clientId" from matters m join clients c on c.id = m.client_id
        where m.status = 'Open' and m.deleted_at is null and m.billing_type = 'Hourly' and nullif(btrim(c.email), '') is not null
        order by m.matter_number limit 2`),
    ),
    activityId: (await rowsOf<{ id: string }>(tx.execute(sql`select id from activity_types order by utbms_code limit 1`)))[0]?.id,
    currencyId: (await rowsOf<{ id: number | null }>(tx.execute(sql`select home_currency_id as id from firms`)))[0]?.id ?? null,
  }));
  if (matters.length === 0 || !activityId) return;
  const rates = { admin: '80000.00', feeEarner: '50000.00' };
  for (const [index, entries] of DRAFTS.entries()) {
    const matter = matters[index % matters.length]!;
    const ids = await database.withFirm(firm.firmId, async (tx) =>
      (
        await tx
          .insert(timeEntries)
          .values(
            entries.map((entry) => ({
              firmId: firm.firmId,
              clientId: matter.clientId,
              matterId: matter.id,
              activityTypeId: activityId,
              userId: firm.users[entry.who].id,
              enteredByUserId: firm.users[entry.who].id,
              isBillable: IS_BILLABLE.billable,
              description: entry.description,
              timeEntryDate: sql`current_date - ${entry.daysAgo}::int`,
              duration: entry.duration,
              userRate: rates[entry.who],
              homeCurrencyId: currencyId,
              exchangeRate: '1',
              ...computeTimeEntryAmounts({ userRate: rates[entry.who], duration: entry.duration, exchangeRate: '1' }),
            })),
          )
          .returning({ id: timeEntries.id })
      ).map((row) => row.id),
    );
    await invoices.create(principal, createInvoiceSchema.parse({ clientId: matter.clientId, matterIds: [matter.id], timeEntryIds: ids }));
  }
}
