import { formatMoney } from '../common/money.ts';

/** A consultation's fee as its confirmation reads it: the amount, in the fee's currency symbol, and whether it is paid. */
export type ConsultationFee = { feeAmount: string | null; feeCurrencySymbol: string; paidAt: string | null };

/** How the lead can pay a fee not yet paid: online on the booking page, by the firm's own instructions, or neither. */
export type FeePaymentWay = { canPayOnline: boolean; paymentInstructions: string | null };

/** "₦25,000.00": the fee with its currency symbol, as every confirmation shows it. */
export const consultationFeeAmount = (fee: Pick<ConsultationFee, 'feeAmount' | 'feeCurrencySymbol'>) =>
  formatMoney(fee.feeAmount ?? '0', fee.feeCurrencySymbol);

/** The Pay button's words on the booking page; the email names the same button. */
export const payFeeLabel = (fee: Pick<ConsultationFee, 'feeAmount' | 'feeCurrencySymbol'>) => `Pay ${consultationFeeAmount(fee)}`;

/**
 * The confirmation's sentence about the fee, said once for the email and the booking page: the
 * amount, then paid, or how to pay it (online on the booking page, the firm's payment instructions,
 * or ask the firm). Null for a free consultation.
 */
export function consultationFeeSentence(fee: ConsultationFee, way: FeePaymentWay): string | null {
  if (!fee.feeAmount) return null;
  const amount = consultationFeeAmount(fee);
  if (fee.paidAt) return `Fee: ${amount}, paid online. Thank you.`;
  if (way.canPayOnline) return `Fee: ${amount}, not paid yet. Pay it online on your booking page: choose “${payFeeLabel(fee)}”.`;
  const instructions = way.paymentInstructions?.trim();
  if (instructions) return `Fee: ${amount}, not paid yet. To pay it: ${instructions}`;
  return `Fee: ${amount}, not paid yet. Please ask the firm how to pay it before the consultation.`;
}
