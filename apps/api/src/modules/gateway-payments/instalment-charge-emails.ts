import { formatMoney } from '@matterhorn/shared';
import type { OutgoingEmail } from '../../lib/outgoing-email.ts';
import type { InstalmentChargeNotice } from './gateway-payments.repository.ts';

/** Where a client pays or manages their saved card: the portal's invoices, when the firm has a portal. */
const portalInvoicesOf = (notice: InstalmentChargeNotice, appUrl: string) =>
  notice.portalSlug ? `${appUrl}/portal/${encodeURIComponent(notice.portalSlug)}/${notice.clientId}?activeTab=invoices` : null;

const amountOf = (notice: InstalmentChargeNotice, amount = notice.amount) => formatMoney(amount, notice.currencySymbol);
const instalmentOf = (notice: InstalmentChargeNotice) => `instalment ${notice.instalmentNumber} of invoice ${notice.invoiceNumber}`;

/** The client was not there when their card was charged: they are told it was, and what is left. */
export function instalmentChargedEmail(notice: InstalmentChargeNotice, appUrl: string): OutgoingEmail {
  const portal = portalInvoicesOf(notice, appUrl);
  return {
    to: notice.payerEmail,
    sender: 'firm',
    greeting: `Dear ${notice.payerName},`,
    subject: `Instalment paid: invoice ${notice.invoiceNumber}`,
    paragraphs: [
      `${amountOf(notice)} was charged to your ${notice.cardDescription} for ${instalmentOf(notice)}, as you agreed on our portal.`,
      `Still to pay on the invoice: ${amountOf(notice, notice.balanceDue)}.`,
    ],
    ...(portal ? { action: { label: 'See your invoices', url: portal } } : {}),
    closing: ['You can stop automatic payments at any time on the portal.'],
    why: `you agreed that ${notice.firmName} charge your card for your payment plan`,
  };
}

/** A declined charge leaves the instalment due: the client is told why, and how to pay it. */
export function instalmentDeclinedEmail(notice: InstalmentChargeNotice, reason: string, appUrl: string): OutgoingEmail {
  const portal = portalInvoicesOf(notice, appUrl);
  return {
    to: notice.payerEmail,
    sender: 'firm',
    greeting: `Dear ${notice.payerName},`,
    subject: `Payment declined: invoice ${notice.invoiceNumber}`,
    paragraphs: [
      `We could not charge ${amountOf(notice)} to your ${notice.cardDescription} for ${instalmentOf(notice)}. The card’s bank or the payment gateway said: ${reason}.`,
      'The instalment is still due. Please pay it online on the portal or by bank transfer.',
    ],
    ...(portal ? { action: { label: 'Pay on the portal', url: portal } } : {}),
    why: `you agreed that ${notice.firmName} charge your card for your payment plan`,
  };
}

/** The firm is told of a decline by the invoice's issuer's inbox; null when they have left the firm (the invoice page shows it). */
export function instalmentDeclinedFirmEmail(notice: InstalmentChargeNotice, reason: string, appUrl: string): OutgoingEmail | null {
  if (!notice.issuerEmail) return null;
  return {
    to: notice.issuerEmail,
    sender: 'firm',
    greeting: `Dear ${notice.issuerName ?? notice.issuerEmail},`,
    subject: `Card declined: ${instalmentOf(notice)}`,
    paragraphs: [
      `${notice.clientName}’s ${notice.cardDescription} was declined for ${amountOf(notice)}, ${instalmentOf(notice)}: ${reason}.`,
      `The instalment is still due, and ${notice.payerName} was told by email. The card is not charged again for it.`,
    ],
    action: { label: 'Open the invoice', url: `${appUrl}/billing/invoices/${notice.invoiceId}` },
    why: `you issued invoice ${notice.invoiceNumber}`,
  };
}
