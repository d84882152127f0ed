import { formatMoney, type InvoicePayment } from '@matterhorn/shared';

/** A payment's realised exchange gain or loss, in the home currency, as its row says it. */
export function exchangeDifferenceText(difference: NonNullable<InvoicePayment['realisedExchangeDifference']>, isReversal: boolean): string {
  const size = `${difference.currencyCode} ${formatMoney(difference.amount.replace('-', ''))}`;
  if (isReversal) return `Exchange difference reversed: ${difference.currencyCode} ${formatMoney(difference.amount)}`;
  return difference.amount.startsWith('-') ? `Realised exchange loss: ${size}` : `Realised exchange gain: ${size}`;
}
