import { sql } from 'drizzle-orm';
import { addMonths, createInvoiceSchema, equalMonthlyInstalments, fromCents, toCents } from '@matterhorn/shared';
import { rowsOf, type Database } from '../db/database.ts';
import { firms, flatFees, paymentPlanInstalments, paymentPlanInvoices, paymentPlans } from '../db/schema/index.ts';
import { createInvoiceService } from '../modules/invoices/invoices.service.ts';
import { seedDemoClientPaymentPlan } from './demo-client-payment-plan.ts';
import { DEMO_SAVED_CARD_REFERENCE } from './demo-saved-cards.ts';
import { firmTodayOf } from './firm-today.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const DAY_MS = 86_400_000;
const dateFrom = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The demo firm's payment plan (issue 44 §4): the portal client's invoice for a fixed fee of
 * ₦1,200,000, sent eight weeks ago and put on a plan of four monthly instalments of ₦300,000 the
 * week after; the first was paid on time, the second is missed (its date passed two weeks ago with
 * only part paid), the third and fourth are to come. The plan was set up in the past, which the
 * call refuses (no instalment due before today), so its rows are written here as the call would
 * have written them then.
 */
export async function seedDemoPaymentPlans(database: Database, firm: SeededFirm): Promise<void> {
  const principal = seedPrincipalOf(firm);
  const invoices = createInvoiceService(database);
  const { today, matter } = await database.withFirm(firm.firmId, async (tx) => ({
    today: await firmTodayOf(tx),
    matter: (
      await rowsOf<{ id: string; clientId: string }>(
        tx.execute(sql`select m.id, m.client_id as "clientId" from matters m
          where m.client_id = ${firm.portalClient.clientId} and m.status = 'Open' and m.deleted_at is null
          order by m.matter_number limit 1`),
      )
    )[0],
  }));
  if (!matter) return;
  const [home] = await database.db
    .select({ currencyId: firms.homeCurrencyId })
    .from(firms)
    .where(sql`${firms.id} = ${firm.firmId}`);

  const issueDate = dateFrom(today, -56);
  const [fee] = await database.withFirm(firm.firmId, (tx) =>
    tx
      .insert(flatFees)
      .values({
        firmId: firm.firmId,
        clientId: matter.clientId,
        matterId: matter.id,
        userId: firm.users.feeEarner.id,
        addedByUserId: firm.users.admin.id,
        flatFeeDate: issueDate,
        description: 'Conduct of the recovery suit to judgment (agreed fixed fee, payable in instalments)',
        amount: '1200000.00',
        currencyId: home?.currencyId ?? null,
      })
      .returning({ id: flatFees.id }),
  );
  const draft = await invoices.create(
    principal,
    createInvoiceSchema.parse({
      clientId: matter.clientId,
      flatFeeIds: [fee!.id],
      issueDate,
      dueDate: dateFrom(issueDate, 14),
      taxPercent: '0',
    }),
  );
  const sent = await invoices.send(principal, draft.id, { sentDate: issueDate, message: null });
  const total = sent.totals.balanceDue;

  // Four monthly parts, the first due six weeks ago: the first paid, the second missed.
  const firstDue = dateFrom(today, -44);
  const parts = equalMonthlyInstalments(total, 4, firstDue);
  await database.withFirm(firm.firmId, async (tx) => {
    const [plan] = await tx
      .insert(paymentPlans)
      .values({
        firmId: firm.firmId,
        invoiceId: sent.id,
        clientId: matter.clientId,
        total,
        createdByUserId: firm.users.admin.id,
        createdAt: new Date(`${dateFrom(issueDate, 7)}T10:00:00Z`),
      })
      .returning({ id: paymentPlans.id });
    await tx.insert(paymentPlanInvoices).values({ firmId: firm.firmId, planId: plan!.id, invoiceId: sent.id });
    let running = 0n;
    await tx.insert(paymentPlanInstalments).values(
      parts.map((part, index) => {
        running += toCents(part.amount);
        return {
          firmId: firm.firmId,
          planId: plan!.id,
          number: index + 1,
          dueDate: part.dueDate,
          amount: part.amount,
          cumulativeAmount: fromCents(running),
        };
      }),
    );
  });
  await invoices.recordPayment(principal, sent.id, {
    amount: parts[0]!.amount,
    paymentDate: dateFrom(firstDue, -1),
    method: 'Bank transfer',
    reference: 'NIP/DEMO/PLAN-1',
  });
  // Paid online, the card kept for the instalments to come (demo-saved-cards.ts).
  await invoices.recordPayment(principal, sent.id, {
    amount: '100000.00',
    paymentDate: dateFrom(addMonths(firstDue, 1), -3),
    method: 'Card',
    reference: `Paystack ${DEMO_SAVED_CARD_REFERENCE}`,
  });
  await seedDemoClientPaymentPlan(database, firm);
}
