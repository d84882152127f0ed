import { sql } from 'drizzle-orm';
import { createInvoiceSchema, DEFAULT_REMINDER_STEPS } from '@matterhorn/shared';
import { rowsOf, type Database } from '../db/database.ts';
import { firms, flatFees } from '../db/schema/index.ts';
import { createInvoiceDisputes, createReminderSchedule, sendFirmReminders } from '../modules/invoice-reminders/invoice-reminders.api.ts';
import { createInvoiceService } from '../modules/invoices/invoices.service.ts';
import { droppingOutbox } from '../platform/outbox/outbox.ts';
import { firmTodayOf } from './firm-today.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const DAY_MS = 86_400_000;
const dateFrom = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Noon UTC: the same calendar day in every zone from UTC−11 to UTC+11, so a replayed day is that day for the firm. */
const middayOf = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * The demo firm's invoice reminders (issue 44 §4): the default schedule switched on, an overdue
 * invoice whose reminders went on their days (the job replayed over the last weeks, its emails
 * dropped), and an invoice the client disputes, with the note, which got none. Each invoice bills
 * a fixed fee of its own, so the demo's unbilled work stays for the invoice page.
 */
export async function seedDemoInvoiceReminders(database: Database, firm: SeededFirm): Promise<void> {
  const principal = seedPrincipalOf(firm);
  const invoices = createInvoiceService(database);
  const { today, matters } = await database.withFirm(firm.firmId, async (tx) => ({
    today: await firmTodayOf(tx),
    // Open matters of clients with an email, the least used by the other demo data (the last by number).
    matters: await rowsOf<{ id: string; clientId: string }>(
      tx.execute(sql`select m.id, m.client_id as "clientId" from matters m join clients c on c.id = m.client_id
        where m.status = 'Open' and m.deleted_at is null and nullif(btrim(c.email), '') is not null
        order by m.matter_number desc limit 2`),
    ),
  }));
  const [home] = await database.db
    .select({ currencyId: firms.homeCurrencyId })
    .from(firms)
    .where(sql`${firms.id} = ${firm.firmId}`);

  const sentInvoice = async (
    matter: { id: string; clientId: string },
    fee: { description: string; amount: string; issuedDaysAgo: number },
  ) => {
    const issueDate = dateFrom(today, -fee.issuedDaysAgo);
    const [item] = await database.withFirm(firm.firmId, (tx) =>
      tx
        .insert(flatFees)
        .values({
          firmId: firm.firmId,
          clientId: matter.clientId,
          matterId: matter.id,
          userId: firm.users.feeEarner.id,
          addedByUserId: firm.users.admin.id,
          flatFeeDate: issueDate,
          description: fee.description,
          amount: fee.amount,
          currencyId: home?.currencyId ?? null,
        })
        .returning({ id: flatFees.id }),
    );
    const draft = await invoices.create(
      principal,
      createInvoiceSchema.parse({ clientId: matter.clientId, flatFeeIds: [item!.id], issueDate, dueDate: dateFrom(issueDate, 30) }),
    );
    return invoices.send(principal, draft.id, { sentDate: issueDate, message: null });
  };

  if (matters.length < 2) return;
  await sentInvoice(matters[0]!, { description: 'Advice on the lease renewal', amount: '850000.00', issuedDaysAgo: 50 });
  const disputed = await sentInvoice(matters[1]!, {
    description: 'Attendance at the adjourned hearing',
    amount: '450000.00',
    issuedDaysAgo: 45,
  });
  await createReminderSchedule(database, { appUrl: '', appSecret: '' }).update(principal, {
    isEnabled: true,
    steps: [...DEFAULT_REMINDER_STEPS],
  });
  await createInvoiceDisputes(database).setDispute(
    principal,
    disputed.id,
    'The client says the fee for the adjourned hearing was agreed at ₦250,000, not ₦450,000. Awaiting their letter.',
  );
  // The job as it ran each morning of the last five weeks: the overdue invoice got each step on its day.
  // Its emails are dropped (the demo's clients are no one's), so no link is needed in them.
  for (let day = -35; day <= 0; day += 1)
    await sendFirmReminders({ database, outbox: droppingOutbox, appUrl: '', appSecret: '' }, firm.firmId, middayOf(dateFrom(today, day)));
}
