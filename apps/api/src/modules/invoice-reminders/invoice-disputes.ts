import { INVOICE_REMINDER_MESSAGES, reminderStepLabel, type ClientReminderChoice, type InvoiceReminders } from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  deleteDispute,
  findDispute,
  findReminderInvoice,
  findSchedule,
  findSentReminders,
  insertDispute,
  isClientOptedOut,
  isLiveClient,
  setClientOptOut,
  type ReminderInvoiceRow,
} from './invoice-reminders.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

async function invoiceIn(tx: Tx, firmId: string, invoiceId: string): Promise<ReminderInvoiceRow> {
  const invoice = await findReminderInvoice(tx, firmId, invoiceId);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/** The invoice's reminders panel: its dispute, its client's choice, whether the firm sends any, and what was sent. */
async function remindersOf(tx: Tx, firmId: string, invoice: ReminderInvoiceRow): Promise<InvoiceReminders> {
  const [dispute, isOptedOut, schedule, sent] = await Promise.all([
    findDispute(tx, firmId, invoice.id),
    isClientOptedOut(tx, firmId, invoice.clientId),
    findSchedule(tx, firmId),
    findSentReminders(tx, firmId, invoice.id),
  ]);
  return {
    invoiceId: invoice.id,
    dispute: dispute ? { note: dispute.note, disputedAt: iso(dispute.disputedAt), disputedByName: dispute.disputedByName } : null,
    isClientOptedOut: isOptedOut,
    isScheduleEnabled: Boolean(schedule?.isEnabled),
    reminders: sent.map((row) => ({
      id: row.id,
      daysFromDue: row.daysFromDue,
      label: reminderStepLabel(row.daysFromDue),
      reminderDate: row.reminderDate,
      recipient: row.recipient,
      subject: row.subject,
      // The outbox forgets nothing it sent, but an imported or purged message reads as sent: it was handed over.
      deliveryStatus: row.deliveryStatus ?? 'sent',
      createdAt: iso(row.createdAt),
    })),
  };
}

/** Disputed invoices (no reminder goes while one is) and clients who opted out of reminders. */
export function createInvoiceDisputes(database: Database) {
  return {
    reminders: (principal: FirmPrincipal, invoiceId: string): Promise<InvoiceReminders> =>
      database.withFirm(
        principal.firmId,
        async (tx) => remindersOf(tx, principal.firmId, await invoiceIn(tx, principal.firmId, invoiceId)),
        READ_ONLY,
      ),

    /** Only an issued invoice with money due is chased, so only such an invoice can be disputed. */
    setDispute: (principal: FirmPrincipal, invoiceId: string, note: string): Promise<InvoiceReminders> =>
      database.withFirm(principal.firmId, async (tx) => {
        const invoice = await invoiceIn(tx, principal.firmId, invoiceId);
        if (!invoice.isOpen) throw conflict(INVOICE_REMINDER_MESSAGES.notIssued);
        if (!(await insertDispute(tx, { firmId: principal.firmId, invoiceId, note, disputedByUserId: principal.userId })))
          throw conflict(INVOICE_REMINDER_MESSAGES.alreadyDisputed);
        await recordAuditEvent(tx, principal, 'invoice.disputed', invoiceId, { invoiceNumber: invoice.invoiceNumber, note });
        return remindersOf(tx, principal.firmId, invoice);
      }),

    clearDispute: (principal: FirmPrincipal, invoiceId: string): Promise<InvoiceReminders> =>
      database.withFirm(principal.firmId, async (tx) => {
        const invoice = await invoiceIn(tx, principal.firmId, invoiceId);
        const cleared = await deleteDispute(tx, principal.firmId, invoiceId);
        if (!cleared) throw conflict(INVOICE_REMINDER_MESSAGES.notDisputed);
        await recordAuditEvent(tx, principal, 'invoice.disputeCleared', invoiceId, {
          invoiceNumber: invoice.invoiceNumber,
          note: cleared.note,
        });
        return remindersOf(tx, principal.firmId, invoice);
      }),

    clientChoice: (principal: FirmPrincipal, clientId: string): Promise<ClientReminderChoice> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          if (!(await isLiveClient(tx, principal.firmId, clientId))) throw notFound('Client');
          return { clientId, isOptedOut: await isClientOptedOut(tx, principal.firmId, clientId) };
        },
        READ_ONLY,
      ),

    /** Sets the client's choice; an unchanged choice writes nothing and is not audited. */
    setClientChoice: (principal: FirmPrincipal, clientId: string, isOptedOut: boolean): Promise<ClientReminderChoice> =>
      database.withFirm(principal.firmId, async (tx) => {
        if (!(await isLiveClient(tx, principal.firmId, clientId))) throw notFound('Client');
        if (await setClientOptOut(tx, principal.firmId, clientId, principal.userId, isOptedOut))
          await recordAuditEvent(tx, principal, 'client.reminderChoiceChanged', clientId, {
            before: { isOptedOutOfReminders: !isOptedOut },
            after: { isOptedOutOfReminders: isOptedOut },
          });
        return { clientId, isOptedOut };
      }),
  };
}
