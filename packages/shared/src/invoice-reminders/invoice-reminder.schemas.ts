import { z } from 'zod';
import { requiredMultilineText, requiredText, uuidField } from '../common/fields.ts';
import { reminderStepLabel, unknownMergeFields } from './reminder-templates.ts';

/** Invoice reminders (issue 44 §4): the firm's schedule, disputed invoices, clients who opted out. */
export const INVOICE_REMINDER_MESSAGES = {
  scheduleSaved: 'Reminder schedule saved',
  disputeSet: 'Invoice marked as disputed',
  disputeCleared: 'Dispute cleared',
  optOutSaved: 'Reminder choice saved',
  duplicateStep: (label: string) => `Two steps are “${label}”: each day may have one step`,
  unknownField: (field: string, label: string) =>
    `{{${field}}} is not a merge field (in the step “${label}”); use one of the fields listed under the template`,
  noInvoiceToPreview: 'There is no issued invoice with money due to preview with yet',
  previewDraft: 'A draft invoice has no number yet: preview with an issued invoice',
  notIssued: 'Only an issued invoice with money due can be marked as disputed',
  alreadyDisputed: 'This invoice is already marked as disputed',
  notDisputed: 'This invoice is not marked as disputed',
} as const;

export const REMINDER_MAX_STEPS = 10;
/** How far from the due date a step may be: 90 days before it to a year after. */
export const REMINDER_DAYS_RANGE = { min: -90, max: 365 } as const;

const daysFromDue = z
  .number({ error: 'Days from the due date must be a whole number' })
  .int('Days from the due date must be a whole number')
  .min(REMINDER_DAYS_RANGE.min, `A step can be at most ${-REMINDER_DAYS_RANGE.min} days before the due date`)
  .max(REMINDER_DAYS_RANGE.max, `A step can be at most ${REMINDER_DAYS_RANGE.max} days after the due date`);

export const reminderStepInputSchema = z.strictObject({
  daysFromDue: daysFromDue.describe('Days from the due date: negative before it, 0 on it, positive overdue (−90 to 365).'),
  isEnabled: z.boolean({ error: 'Say whether the step is on' }).describe('False: the step is kept but sends nothing.'),
  subject: requiredText('Subject', 200).describe(
    'The email’s subject, with merge fields such as {{invoiceNumber}}; at most 200 characters.',
  ),
  body: requiredMultilineText('Message', 5000).describe('The email’s text, with merge fields; at most 5,000 characters.'),
});

export const reminderScheduleInputSchema = z
  .strictObject({
    isEnabled: z.boolean({ error: 'Say whether reminders are on' }).describe('False: no reminder is sent, whatever the steps say.'),
    steps: z
      .array(reminderStepInputSchema)
      .max(REMINDER_MAX_STEPS, `At most ${REMINDER_MAX_STEPS} steps`)
      .describe('The steps, in any order (answered by day); each day at most once.'),
  })
  .superRefine((schedule, context) => {
    const seen = new Set<number>();
    schedule.steps.forEach((step, index) => {
      const label = reminderStepLabel(step.daysFromDue);
      if (seen.has(step.daysFromDue))
        context.addIssue({
          code: 'custom',
          path: ['steps', index, 'daysFromDue'],
          message: INVOICE_REMINDER_MESSAGES.duplicateStep(label),
        });
      seen.add(step.daysFromDue);
      for (const part of ['subject', 'body'] as const) {
        const [unknown] = unknownMergeFields(step[part]);
        if (unknown)
          context.addIssue({
            code: 'custom',
            path: ['steps', index, part],
            message: INVOICE_REMINDER_MESSAGES.unknownField(unknown, label),
          });
      }
    });
  });
export type ReminderScheduleInput = z.input<typeof reminderScheduleInputSchema>;

export const reminderStepSchema = z.object({
  daysFromDue: z.number().int().describe('Days from the due date: negative before it, 0 on it, positive overdue.'),
  label: z.string().describe('The step in words ("7 days before due", "On the due date", "14 days overdue").'),
  isEnabled: z.boolean().describe('False: the step sends nothing.'),
  subject: z.string().describe('The subject template.'),
  body: z.string().describe('The message template.'),
});
export type ReminderStep = z.infer<typeof reminderStepSchema>;

export const reminderScheduleSchema = z.object({
  isEnabled: z.boolean().describe('Whether the firm sends reminders at all (off until the firm switches them on).'),
  steps: z.array(reminderStepSchema).describe('The steps by day, earliest first; the default schedule until the firm saves its own.'),
  isDefault: z.boolean().describe('True while the firm has never saved a schedule: the steps are the default ones.'),
  updatedAt: z.string().nullable().describe('When the schedule was last saved (ISO 8601 UTC); null: never.'),
});
export type ReminderSchedule = z.infer<typeof reminderScheduleSchema>;

export const reminderPreviewInputSchema = z.strictObject({
  daysFromDue: daysFromDue.describe('The step previewed, for its days overdue.'),
  subject: requiredText('Subject', 200).describe('The subject template to fill in.'),
  body: requiredMultilineText('Message', 5000).describe('The message template to fill in.'),
  invoiceId: uuidField('Invoice')
    .nullish()
    .describe('The invoice to fill it with; absent: the firm’s newest issued invoice with money due.'),
});
export type ReminderPreviewInput = z.input<typeof reminderPreviewInputSchema>;

export const reminderPreviewSchema = z.object({
  invoiceId: z.string().describe('The invoice the template was filled with.'),
  invoiceNumber: z.string().describe('Its number.'),
  to: z.string().nullable().describe('Who the reminder would go to (the client’s email); null: the client has none, so none would go.'),
  subject: z.string().describe('The subject as it would be sent.'),
  body: z.string().describe('The message as it would be sent (above the button to the invoice and the firm’s footer).'),
});
export type ReminderPreview = z.infer<typeof reminderPreviewSchema>;

export const REMINDER_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

export const sentReminderSchema = z.object({
  id: z.string().describe('The reminder’s id.'),
  daysFromDue: z.number().int().describe('The step it was sent for.'),
  label: z.string().describe('That step in words.'),
  reminderDate: z.string().describe('The firm’s date it was sent on (YYYY-MM-DD).'),
  recipient: z.string().describe('Who it was sent to.'),
  subject: z.string().describe('Its subject.'),
  deliveryStatus: z.enum(REMINDER_DELIVERY_STATUSES).describe('pending (waiting to be sent), sent, or failed (every attempt refused).'),
  createdAt: z.string().describe('When it was queued (ISO 8601 UTC).'),
});
export type SentReminder = z.infer<typeof sentReminderSchema>;

export const invoiceDisputeSchema = z.object({
  note: z.string().describe('Why the client disputes it.'),
  disputedAt: z.string().describe('When it was marked (ISO 8601 UTC).'),
  disputedByName: z.string().describe('Who marked it.'),
});
export type InvoiceDispute = z.infer<typeof invoiceDisputeSchema>;

export const invoiceRemindersSchema = z.object({
  invoiceId: z.string().describe('The invoice.'),
  dispute: invoiceDisputeSchema
    .nullable()
    .describe('The dispute while the invoice is marked disputed (no reminder goes); null: not disputed.'),
  isClientOptedOut: z.boolean().describe('True when the invoice’s client asked for no reminders.'),
  isScheduleEnabled: z.boolean().describe('Whether the firm sends reminders at all.'),
  reminders: z.array(sentReminderSchema).describe('Every reminder sent for the invoice, newest first.'),
});
export type InvoiceReminders = z.infer<typeof invoiceRemindersSchema>;

export const invoiceDisputeInputSchema = z.strictObject({
  note: requiredMultilineText('Note', 1000).describe('Why the client disputes the invoice (required, at most 1,000 characters).'),
});

export const clientReminderChoiceSchema = z.object({
  clientId: z.string().describe('The client.'),
  isOptedOut: z.boolean().describe('True: the client gets no invoice reminders.'),
});
export type ClientReminderChoice = z.infer<typeof clientReminderChoiceSchema>;

export const clientReminderChoiceInputSchema = z.strictObject({
  isOptedOut: z.boolean({ error: 'Say whether the client opts out' }).describe('True: the client gets no invoice reminders.'),
});
