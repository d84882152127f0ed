import { TRUST_TRANSACTION_TYPE_LABELS, type TrustTransaction } from '@matterhorn/shared';

/** A trust movement in the client's words (the Trust tab and the statement of account). */
export function movementDescription(entry: Pick<TrustTransaction, 'type' | 'invoiceNumber' | 'reversesNumber' | 'purpose'>): string {
  if (entry.type === 'invoice-payment') return `Payment of invoice ${entry.invoiceNumber ?? ''}`.trim();
  if (entry.type === 'reversal') return `Reversal of ${entry.reversesNumber ?? 'a movement'}`;
  const label = TRUST_TRANSACTION_TYPE_LABELS[entry.type];
  return entry.purpose ? `${label}: ${entry.purpose}` : label;
}
