import { fillReminderTemplate, formatMoney, isoToDisplayDate, type ReminderMergeValues } from '@matterhorn/shared';
import type { OutgoingEmail } from '../../lib/outgoing-email.ts';

/** What a reminder says of its invoice. */
export type RemindedInvoice = {
  invoiceNumber: string;
  clientName: string;
  dueDate: string;
  daysOverdue: number;
  balanceDue: string;
  currencyCode: string;
};

/** What a reminder says of the firm, read once per run. */
export type ReminderFirm = { name: string; invoiceFooter: string | null; portalUrl: string | null };

/** Said where the link would be when the invoice has no live link and the firm no portal: the client asks. */
export const NO_LINK_TEXT = 'reply to this email for a link to the invoice';

/** The merge fields' values: money with its currency code ("NGN 1,250,000.00"), dates as screens show them. */
export function mergeValuesOf(invoice: RemindedInvoice, firm: ReminderFirm, payLink: string | null): ReminderMergeValues {
  return {
    clientName: invoice.clientName,
    invoiceNumber: invoice.invoiceNumber,
    amountDue: `${invoice.currencyCode} ${formatMoney(invoice.balanceDue)}`,
    dueDate: isoToDisplayDate(invoice.dueDate),
    daysOverdue: String(Math.max(0, invoice.daysOverdue)),
    payLink: payLink ?? NO_LINK_TEXT,
    firmName: firm.name,
  };
}

/** The invoice's live public link, else the firm's portal (the client signs in and finds it there). */
export const payLinkOf = (invoiceLink: string | null, firm: ReminderFirm) => invoiceLink ?? firm.portalUrl;

export type ReminderText = { subject: string; body: string };

/** A step's templates filled in for one invoice. */
export const fillReminder = (step: ReminderText, values: ReminderMergeValues): ReminderText => ({
  subject: fillReminderTemplate(step.subject, values).replace(/\s+/g, ' ').trim(),
  body: fillReminderTemplate(step.body, values).trim(),
});

/**
 * The reminder as the outbox sends it: on the firm's behalf (its name, logo, accent and address,
 * as its invoice emails), the firm's text paragraph by paragraph, a button to the invoice, and the
 * firm's invoice footer as its bills end. It is a reminder (List-Unsubscribe: asking the firm).
 */
export function reminderEmailOf(
  to: string,
  text: ReminderText,
  invoiceNumber: string,
  firm: ReminderFirm,
  payLink: string | null,
): OutgoingEmail {
  const footer = firm.invoiceFooter?.trim();
  return {
    to,
    subject: text.subject,
    sender: 'firm',
    paragraphs: text.body
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    ...(payLink ? { action: { label: 'View and pay the invoice', url: payLink } } : {}),
    ...(footer ? { closing: [footer] } : {}),
    why: `invoice ${invoiceNumber} is addressed to you and has money due`,
    isReminder: true,
  };
}
