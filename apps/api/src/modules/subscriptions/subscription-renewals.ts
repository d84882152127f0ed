import { addDays, isoToDisplayDate } from '@matterhorn/shared';
import type { OutgoingEmail } from '../../lib/outgoing-email.ts';
import { PAST_DUE_GRACE_DAYS, RENEWAL_RETRY_DAYS } from './subscription-states.ts';

/** Why a renewal try failed when no payment left a card or account to charge. */
export const NO_RENEWAL_METHOD = 'no card or account is saved to charge';

/**
 * The e-mail to the firm's owner after each try of a renewal that was not paid (days 0, 3 and 6 past
 * due): what was asked, why it failed, when it is tried again, and the last day to pay before the
 * firm can only read and export.
 */
export function renewalNotPaidEmail(details: {
  to: { name: string; email: string; firmName: string };
  planName: string;
  seats: number;
  interval: string;
  /** With its symbol, VAT included. */
  amount: string;
  method: string | null;
  reason: string;
  attempt: number;
  /** The day the first try failed (ISO). */
  pastDueSince: string;
  payUrl: string;
}): OutgoingEmail {
  const nextTryDay = RENEWAL_RETRY_DAYS[details.attempt];
  const lastDay = isoToDisplayDate(addDays(details.pastDueSince, PAST_DUE_GRACE_DAYS - 1));
  const seats = `${details.seats} seat${details.seats === 1 ? '' : 's'}`;
  return {
    to: details.to.email,
    sender: 'matterhorn',
    subject: nextTryDay === undefined ? 'Last reminder: your Matterhorn renewal is not paid' : 'Your Matterhorn renewal was not paid',
    greeting: `Dear ${details.to.name},`,
    paragraphs: [
      `We could not charge ${details.amount} for ${details.to.firmName}’s Matterhorn ${details.planName} plan (${seats}, ${details.interval})` +
        `${details.method ? ` to ${details.method}` : ''}: ${details.reason}.`,
      nextTryDay === undefined
        ? 'That was our last try with the saved card.'
        : `We will try ${details.method ? 'the saved card' : 'again'} on ${isoToDisplayDate(addDays(details.pastDueSince, nextTryDay))}, or you can pay now with any card.`,
      `Pay by ${lastDay} to keep your plan. After that day your firm can still sign in, read, search and export everything, but not change anything until a plan is paid for.`,
    ],
    action: { label: 'Pay the renewal', url: details.payUrl },
    why: `you own ${details.to.firmName}’s Matterhorn subscription`,
  };
}
