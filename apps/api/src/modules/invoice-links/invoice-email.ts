import type { Invoice } from '@matterhorn/shared';
import type { EmailAttachment, OutgoingEmail } from '../../lib/outgoing-email.ts';

export type InvoiceEmailInput = {
  to: string;
  invoice: Pick<Invoice, 'invoiceNumber' | 'clientName' | 'paymentInstructions'>;
  /** The firm as its bills show it; null when it cannot be read (the email still goes). */
  firm: { name: string; invoiceFooter?: string | null } | null;
  /** The sender's own words, instead of the standard sentence. */
  message?: string | null;
  linkUrl: string;
  sentByUserId: string;
  pdf: EmailAttachment;
};

/**
 * The email that sends an invoice: the message, the button to its public page, then how to pay
 * (the invoice's own instructions, which took the firm's default when it was drafted) and the
 * firm's footer, as the PDF attached ends. The layout gives both parts the same paragraphs.
 */
export function invoiceEmailOf({ to, invoice, firm, message, linkUrl, sentByUserId, pdf }: InvoiceEmailInput): OutgoingEmail {
  const number = invoice.invoiceNumber ?? 'invoice';
  const instructions = invoice.paymentInstructions?.trim();
  const footer = firm?.invoiceFooter?.trim();
  const closing = [...(instructions ? [`Payment instructions:\n${instructions}`] : []), ...(footer ? [footer] : [])];
  return {
    to,
    subject: `Invoice ${number} from ${firm?.name ?? 'your law firm'}`,
    sender: 'firm',
    sentByUserId,
    greeting: `Dear ${invoice.clientName},`,
    paragraphs: [message?.trim() || `Please find attached invoice ${number} from ${firm?.name ?? 'us'}.`],
    action: { label: 'View the invoice online', url: linkUrl },
    ...(closing.length ? { closing } : {}),
    why: `invoice ${number} is addressed to you`,
    attachments: [pdf],
  };
}
