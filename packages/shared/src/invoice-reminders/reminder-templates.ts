/**
 * Invoice reminders' templates: the merge fields a firm may write in a step's subject and body,
 * the default schedule, and how a template is filled in. Said once here so the server sends what
 * the settings page previews and refuses what it would not know how to fill.
 */

export const REMINDER_MERGE_FIELDS = [
  { key: 'clientName', label: 'Client name', example: 'Adeyemi Holdings Ltd' },
  { key: 'invoiceNumber', label: 'Invoice number', example: 'INV-00012' },
  { key: 'amountDue', label: 'Amount due, with its currency', example: 'NGN 1,250,000.00' },
  { key: 'dueDate', label: 'Due date (DD/MM/YYYY)', example: '31/03/2030' },
  { key: 'daysOverdue', label: 'Days overdue (0 until the due date has passed)', example: '7' },
  { key: 'payLink', label: 'Link to view and pay the invoice', example: 'https://…/billing/invoice/…' },
  { key: 'firmName', label: 'Firm name', example: 'Okafor & Bello LP' },
] as const;
export type ReminderMergeField = (typeof REMINDER_MERGE_FIELDS)[number]['key'];
export type ReminderMergeValues = Record<ReminderMergeField, string>;

const KNOWN_FIELDS = new Set<string>(REMINDER_MERGE_FIELDS.map((field) => field.key));
/** `{{ name }}`: a merge field, spaces inside the braces allowed. */
const FIELD_PATTERN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The names written between braces that are not merge fields, in order of first use. */
export function unknownMergeFields(template: string): string[] {
  const unknown = [...template.matchAll(FIELD_PATTERN)].map((match) => match[1]!).filter((name) => !KNOWN_FIELDS.has(name));
  return [...new Set(unknown)];
}

/** The template with each merge field replaced by its value (an unknown one is left as written). */
export function fillReminderTemplate(template: string, values: ReminderMergeValues): string {
  return template.replace(FIELD_PATTERN, (whole, name: string) => (KNOWN_FIELDS.has(name) ? values[name as ReminderMergeField] : whole));
}

/** A step's name as the firm reads it: "7 days before due", "On the due date", "1 day overdue". */
export function reminderStepLabel(daysFromDue: number): string {
  if (daysFromDue === 0) return 'On the due date';
  const days = Math.abs(daysFromDue);
  const count = `${days} ${days === 1 ? 'day' : 'days'}`;
  return daysFromDue < 0 ? `${count} before due` : `${count} overdue`;
}

export type ReminderStepTemplate = { daysFromDue: number; isEnabled: boolean; subject: string; body: string };

const closing =
  '\n\nIf you have already paid, please ignore this reminder. If you have any question about this invoice, reply to this email.\n\n{{firmName}}';

/** What a firm starts from: 7 days before, on the day, then 7, 14 and 30 days overdue. */
export const DEFAULT_REMINDER_STEPS: readonly ReminderStepTemplate[] = [
  {
    daysFromDue: -7,
    isEnabled: true,
    subject: 'Invoice {{invoiceNumber}} is due on {{dueDate}}',
    body: `Dear {{clientName}},\n\nThis is a friendly reminder that invoice {{invoiceNumber}} for {{amountDue}} is due on {{dueDate}}.\n\nView and pay it here: {{payLink}}${closing}`,
  },
  {
    daysFromDue: 0,
    isEnabled: true,
    subject: 'Invoice {{invoiceNumber}} is due today',
    body: `Dear {{clientName}},\n\nInvoice {{invoiceNumber}} for {{amountDue}} is due today, {{dueDate}}.\n\nView and pay it here: {{payLink}}${closing}`,
  },
  {
    daysFromDue: 7,
    isEnabled: true,
    subject: 'Invoice {{invoiceNumber}} is {{daysOverdue}} days overdue',
    body: `Dear {{clientName}},\n\nInvoice {{invoiceNumber}} was due on {{dueDate}} and {{amountDue}} is still outstanding.\n\nView and pay it here: {{payLink}}${closing}`,
  },
  {
    daysFromDue: 14,
    isEnabled: true,
    subject: 'Second reminder: invoice {{invoiceNumber}} is overdue',
    body: `Dear {{clientName}},\n\nWe have not yet received payment of {{amountDue}} for invoice {{invoiceNumber}}, due on {{dueDate}} ({{daysOverdue}} days ago).\n\nPlease pay it here: {{payLink}}${closing}`,
  },
  {
    daysFromDue: 30,
    isEnabled: true,
    subject: 'Final reminder: invoice {{invoiceNumber}} is {{daysOverdue}} days overdue',
    body: `Dear {{clientName}},\n\nInvoice {{invoiceNumber}} for {{amountDue}} is now {{daysOverdue}} days overdue. Please pay it, or contact us to discuss it, as soon as possible.\n\nPay it here: {{payLink}}${closing}`,
  },
];
