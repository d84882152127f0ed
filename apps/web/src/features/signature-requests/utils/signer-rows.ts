import type { SignerInput } from '@matterhorn/shared';

/** A signer as the sender fills them in: a stable key for their fields, and the request's record of them. */
export type SignerRow = SignerInput & { key: string };

/** Each signer's colour on the pages, in signing order (they repeat past eight). */
export const SIGNER_COLOURS = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#e03131', '#5f3dc4'];

export const emptySignerRow = (key: string): SignerRow => ({
  key,
  name: '',
  email: '',
  kind: 'other',
  clientContactId: null,
  leadId: null,
  userId: null,
});

/** ISO date `days` after `today` (YYYY-MM-DD), for the default expiry. */
export function isoDaysAfter(today: Date, days: number): string {
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + days));
  return date.toISOString().slice(0, 10);
}
