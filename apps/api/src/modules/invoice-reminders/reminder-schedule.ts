import type { z } from 'zod';
import {
  DEFAULT_REMINDER_STEPS,
  INVOICE_REMINDER_MESSAGES,
  reminderStepLabel,
  type ReminderPreview,
  type reminderPreviewInputSchema,
  type ReminderSchedule,
  type reminderScheduleInputSchema,
} from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { invoiceLinkUrlOf } from '../invoice-links/invoice-links.api.ts';
import {
  findFirmLetter,
  findLiveLinkSealed,
  findNewestOpenInvoiceId,
  findReminderInvoice,
  findSchedule,
  saveSchedule,
  type StepValues,
} from './invoice-reminders.repository.ts';
import { fillReminder, mergeValuesOf, payLinkOf, type ReminderFirm } from './reminder-email.ts';

type ScheduleInput = z.output<typeof reminderScheduleInputSchema>;
type PreviewInput = z.output<typeof reminderPreviewInputSchema>;
export type ReminderLinks = { appUrl: string; appSecret: string };

const stepOf = (step: StepValues) => ({ ...step, label: reminderStepLabel(step.daysFromDue) });

function scheduleOf(row: Awaited<ReturnType<typeof findSchedule>>): ReminderSchedule {
  if (!row) return { isEnabled: false, steps: DEFAULT_REMINDER_STEPS.map(stepOf), isDefault: true, updatedAt: null };
  return { isEnabled: row.isEnabled, steps: row.steps.map(stepOf), isDefault: false, updatedAt: row.updatedAt.toISOString() };
}

/** The firm's reminder schedule: what it sends and when, and a template filled with a real invoice. */
export function createReminderSchedule(database: Database, links: ReminderLinks) {
  return {
    view: (principal: FirmPrincipal): Promise<ReminderSchedule> =>
      database.withFirm(principal.firmId, async (tx) => scheduleOf(await findSchedule(tx, principal.firmId)), READ_ONLY),

    /** Replaces the schedule and its steps (ordered by day), audited with what it was and is. */
    update: (principal: FirmPrincipal, input: ScheduleInput): Promise<ReminderSchedule> =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = scheduleOf(await findSchedule(tx, principal.firmId));
        const steps = [...input.steps].sort((a, b) => a.daysFromDue - b.daysFromDue);
        await saveSchedule(tx, principal.firmId, principal.userId, input.isEnabled, steps);
        const after = scheduleOf(await findSchedule(tx, principal.firmId));
        const summary = (schedule: ReminderSchedule) => ({
          isEnabled: schedule.isEnabled,
          steps: schedule.steps.map((step) => `${step.label}${step.isEnabled ? '' : ' (off)'}`),
        });
        await recordAuditEvent(tx, principal, 'firm.reminderScheduleUpdated', principal.firmId, {
          before: summary(before),
          after: summary(after),
        });
        return after;
      }),

    /** The template filled with the chosen invoice, else the firm's newest issued invoice with money due. */
    preview: (principal: FirmPrincipal, input: PreviewInput): Promise<ReminderPreview> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const invoiceId = input.invoiceId ?? (await findNewestOpenInvoiceId(tx, principal.firmId));
          if (!invoiceId) throw conflict(INVOICE_REMINDER_MESSAGES.noInvoiceToPreview);
          const invoice = await findReminderInvoice(tx, principal.firmId, invoiceId);
          if (!invoice) throw notFound('Invoice');
          if (!invoice.invoiceNumber) throw conflict(INVOICE_REMINDER_MESSAGES.previewDraft);
          const letter = await findFirmLetter(tx, principal.firmId, new Date());
          const firm: ReminderFirm = {
            name: letter.name,
            invoiceFooter: letter.invoiceFooter,
            portalUrl: letter.portalSlug ? `${links.appUrl}/portal/${letter.portalSlug}` : null,
          };
          const payLink = payLinkOf(invoiceLinkUrlOf(await findLiveLinkSealed(tx, principal.firmId, invoice.id), links), firm);
          // Days overdue as the step would send it: on its day, the due date plus the step.
          const values = mergeValuesOf({ ...invoice, invoiceNumber: invoice.invoiceNumber, daysOverdue: input.daysFromDue }, firm, payLink);
          const text = fillReminder(input, values);
          return { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, to: invoice.clientEmail, ...text };
        },
        READ_ONLY,
      ),
  };
}
