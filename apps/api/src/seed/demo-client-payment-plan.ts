import { sql } from 'drizzle-orm';
import { equalMonthlyInstalments, fromCents, toCents } from '@matterhorn/shared';
import { rowsOf, type Database } from '../db/database.ts';
import { createClientPaymentPlans } from '../modules/payment-plans/client-payment-plans.service.ts';
import { firmTodayOf } from './firm-today.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const DAY_MS = 86_400_000;

/**
 * The demo firm's plan on a client's balance (ADR 0077): the client (other than the portal's) with
 * the most open invoices in one currency has them all spread over four monthly instalments, the
 * first a week from today, set up through the call as a member would (the demo's invoices are left
 * as they are, so the other demo data stays true). Nothing is missed yet: the invoice plan of
 * demo-payment-plans.ts stays the one the dashboard flags.
 */
export async function seedDemoClientPaymentPlan(database: Database, firm: SeededFirm): Promise<void> {
  const { today, client } = await database.withFirm(firm.firmId, async (tx) => ({
    today: await firmTodayOf(tx),
    client: (
      await rowsOf<{ clientId: string; currencyCode: string; invoiceIds: string[]; balance: string }>(
        tx.execute(sql`select i.client_id as "clientId", money.iso_code as "currencyCode",
            array_agg(i.id order by i.issue_date) as "invoiceIds", sum(i.balance_due)::text as balance
          from invoices i
          join currencies money on money.id = coalesce(i.currency_id, (select home.home_currency_id from firms home where home.id = i.firm_id))
          where i.client_id <> ${firm.portalClient.clientId} and i.deleted_at is null
            and i.status in ('Approved', 'Sent', 'PartlyPaid') and i.balance_due > 0
            and not exists (select 1 from payment_plan_invoices link join payment_plans p on p.firm_id = link.firm_id and p.id = link.plan_id
              where link.firm_id = i.firm_id and link.invoice_id = i.id and p.status = 'Active')
          group by i.client_id, money.iso_code
          having count(*) >= 1
          order by count(*) desc, i.client_id
          limit 1`),
      )
    )[0],
  }));
  if (!client) return;
  const firstDue = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
  const total = fromCents(toCents(client.balance));
  await createClientPaymentPlans(database).create(seedPrincipalOf(firm), client.clientId, {
    currencyCode: client.currencyCode,
    invoiceIds: client.invoiceIds,
    instalments: equalMonthlyInstalments(total, 4, firstDue),
  });
}
