import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { READ_ONLY, type Database } from '../../db/database.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { invoiceLinkUrlOf } from '../invoice-links/invoice-links.api.ts';
import type { QueueClientUpdate } from '../client-messages/client-messages.api.ts';
import { listFirmClocks } from '../../platform/firm-clock.ts';
import { claimReminders, findDueReminders, type ReminderCursor } from './due-reminders.repository.ts';
import { findFirmLetter, findSchedule } from './invoice-reminders.repository.ts';
import { fillReminder, mergeValuesOf, payLinkOf, reminderEmailOf, type ReminderFirm } from './reminder-email.ts';

export const INVOICE_REMINDERS_JOB = 'invoice-reminders';

/** Clients are written to from 09:00 in the firm's time zone, never at night. */
export const REMINDER_HOUR = 9;
/** Reminders claimed and queued per transaction: a failed one rolls back at most this many, and a run is not one long transaction. */
export const REMINDER_BATCH = 500;

export type ReminderJobDependencies = {
  database: Database;
  outbox: Outbox;
  appUrl: string;
  appSecret: string;
  logger?: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Queues the reminder by SMS and WhatsApp too, to the contacts who opted in (client-messages' surface). */
  clientUpdates?: QueueClientUpdate;
};

/**
 * The daily run: each firm where it is 09:00 or later and reminders are on gets today's reminders
 * (findDueReminders says which), a batch at a time in due date order, each batch's claims
 * (claimReminders) and emails in one transaction. Running it again, or on two replicas at once, sends nothing twice (the claim's
 * unique key); a run that fails sends nothing of its batch, and the next run (or the queue's
 * retry) sends it. Answers how many reminders were queued; throws after every firm was tried when
 * one failed, so the queue retries.
 */
export async function sendDueInvoiceReminders(dependencies: ReminderJobDependencies, now = new Date()): Promise<number> {
  const { database, logger } = dependencies;
  const clocks = await database.withIdentityLookup((tx) => listFirmClocks(tx, now));
  let sent = 0;
  const failures: unknown[] = [];
  for (const clock of clocks.filter((firm) => firm.hour >= REMINDER_HOUR)) {
    try {
      sent += await sendFirmReminders(dependencies, clock.firmId, now);
    } catch (error) {
      failures.push(error);
      logger?.error({ err: error, firmId: clock.firmId }, 'invoice reminders not sent');
    }
  }
  if (failures.length) throw new AggregateError(failures, `Invoice reminders of ${failures.length} firms were not sent`);
  if (sent > 0) logger?.info({ sent }, 'invoice reminders sent');
  return sent;
}

/** One firm's reminders due on its date at `now`, whatever its hour (the demo seed replays past days with it). */
export async function sendFirmReminders(
  { database, outbox, appUrl, appSecret, clientUpdates }: ReminderJobDependencies,
  firmId: string,
  now: Date,
): Promise<number> {
  const schedule = await database.withFirm(firmId, (tx) => findSchedule(tx, firmId), READ_ONLY);
  const steps = new Map(
    (schedule?.isEnabled ? schedule.steps : []).filter((step) => step.isEnabled).map((step) => [step.daysFromDue, step]),
  );
  if (steps.size === 0) return 0;
  let total = 0;
  let after: ReminderCursor | null = null;
  for (;;) {
    const { read, claimed } = await database.withFirm(firmId, async (tx) => {
      const letter = await findFirmLetter(tx, firmId, now);
      const firm: ReminderFirm = {
        name: letter.name,
        invoiceFooter: letter.invoiceFooter,
        portalUrl: letter.portalSlug ? `${appUrl}/portal/${letter.portalSlug}` : null,
      };
      const due = await findDueReminders(tx, firmId, letter.today, [...steps.keys()], REMINDER_BATCH, after);
      const letters = due.map((reminder) => {
        const payLink = payLinkOf(invoiceLinkUrlOf(reminder.linkSealed, { appUrl, appSecret }), firm);
        const text = fillReminder(steps.get(reminder.daysFromDue)!, mergeValuesOf(reminder, firm, payLink));
        const email = reminderEmailOf(reminder.recipient, text, reminder.invoiceNumber, firm, payLink);
        return { reminder, email, id: randomUUID(), payLink };
      });
      const recorded = await claimReminders(
        tx,
        firmId,
        letter.today,
        letters.map(({ reminder, email, id }) => ({ ...reminder, subject: email.subject, outgoingMessageId: id })),
      );
      const mine = letters.filter(({ reminder }) => recorded.has(reminder.invoiceId));
      await outbox.queueMany(tx, firmId, mine);
      // The same reminder by SMS and WhatsApp: due (or before) or overdue, the due date and where to pay; once per step.
      for (const { reminder, payLink } of clientUpdates ? mine : [])
        await clientUpdates!(tx, firmId, {
          templateKey: reminder.daysFromDue > 0 ? 'invoice-overdue' : 'invoice-due',
          invoiceId: reminder.invoiceId,
          eventKey: `invoice-reminder:${reminder.invoiceId}:${reminder.daysFromDue}`,
          date: reminder.dueDate,
          link: payLink,
        });
      return { read: due, claimed: mine.length };
    });
    total += claimed;
    if (read.length < REMINDER_BATCH) return total;
    const last = read.at(-1)!;
    after = { dueDate: last.dueDate, invoiceId: last.invoiceId };
  }
}

/** Every half hour: a firm's reminders go in the first run after 09:00 its time; the rest find nothing new. */
export const invoiceReminderJobs = (dependencies: ReminderJobDependencies): PeriodicJob[] => [
  { name: INVOICE_REMINDERS_JOB, everyMinutes: 30, run: async () => void (await sendDueInvoiceReminders(dependencies)) },
];
