import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/database.ts';
import type { SeededFirm } from './seeded-firm.ts';

/** The gateway reference of the demo client's online part payment, which kept their card. */
export const DEMO_SAVED_CARD_REFERENCE = 'mh_demo0saved0card0000000000000001';

/**
 * The demo client's saved card (issue 44 §4): three days before the plan's second instalment fell due
 * they paid ₦100,000 of it online and let Paystack keep the card; on the due date the card was
 * charged the rest and declined, so the instalment shows missed with the bank's words. The card's
 * token is a random one sealed with no key the server holds: never charged for real (the demo has no
 * gateway configured, and a charge would fail to read it).
 */
export async function seedDemoSavedCard(database: Database, firm: SeededFirm): Promise<void> {
  await database.withFirm(firm.firmId, async (tx) => {
    const [paid] = await rowsOf<{ invoiceId: string; paymentId: string; amount: string; paymentDate: string; accountId: string }>(
      tx.execute(sql`select p.invoice_id as "invoiceId", p.id as "paymentId", p.amount::text as amount,
          p.payment_date::text as "paymentDate", a.id as "accountId"
        from invoice_payments p join portal_accounts a on a.firm_id = p.firm_id and lower(a.email) = lower(${firm.portalClient.email})
        where p.firm_id = ${firm.firmId} and p.reference = ${`Paystack ${DEMO_SAVED_CARD_REFERENCE}`}`),
    );
    const [plan] = await rowsOf<{ planId: string; dueDate: string; remaining: string }>(
      tx.execute(sql`select p.id as "planId", s.due_date::text as "dueDate", (s.cumulative_amount - (p.total - i.balance_due))::text as remaining
        from payment_plans p join payment_plan_instalments s on s.plan_id = p.id and s.number = 2
          join invoices i on i.firm_id = p.firm_id and i.id = p.invoice_id
        where p.firm_id = ${firm.firmId} and p.invoice_id = ${paid?.invoiceId ?? null} and p.status = 'Active'`),
    );
    if (!paid || !plan) return;
    const paidAt = `${paid.paymentDate}T11:20:00Z`;
    const [online] = await rowsOf<{ id: string }>(
      tx.execute(sql`insert into gateway_payments (firm_id, client_id, portal_account_id, invoice_id, amount, currency_code, gateway,
          reference, status, gateway_transaction_id, recorded_id, keeps_method, created_at, updated_at, settled_at)
        values (${firm.firmId}, ${firm.portalClient.clientId}, ${paid.accountId}, ${paid.invoiceId}, ${paid.amount}, 'NGN', 'paystack',
          ${DEMO_SAVED_CARD_REFERENCE}, 'succeeded', '7100001', ${paid.paymentId}, true, ${paidAt}, ${paidAt}, ${paidAt})
        returning id`),
    );
    const [card] = await rowsOf<{ id: string }>(
      tx.execute(sql`insert into client_payment_methods (firm_id, client_id, gateway, sealed, description, consented_by_portal_account_id,
          consented_at, saved_from_payment_id)
        values (${firm.firmId}, ${firm.portalClient.clientId}, 'paystack', ${`demo.${randomBytes(24).toString('base64url')}`},
          'Visa ending 4081', ${paid.accountId}, ${paidAt}, ${online!.id})
        returning id`),
    );
    const triedAt = `${plan.dueDate}T08:30:00Z`;
    await tx.execute(sql`insert into gateway_payments (firm_id, client_id, portal_account_id, invoice_id, amount, currency_code, gateway,
        reference, status, failure_reason, payment_method_id, payment_plan_id, instalment_number, created_at, updated_at)
      values (${firm.firmId}, ${firm.portalClient.clientId}, ${paid.accountId}, ${paid.invoiceId}, ${plan.remaining}, 'NGN', 'paystack',
        'mh_demo0saved0card0000000000000002', 'failed', 'Paystack: Insufficient Funds', ${card!.id}, ${plan.planId}, 2,
        ${triedAt}, ${triedAt})`);
  });
}
