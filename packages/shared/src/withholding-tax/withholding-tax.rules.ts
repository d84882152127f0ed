import { divideRounded, fromCents, toCents, toScaled } from '../common/money.ts';

/**
 * Withholding tax (WHT, ADR 0093): corporate and government clients pay a firm's fee net of a
 * percentage they remit to the tax authority for it, and later send a WHT credit note the firm
 * offsets against its own tax. It applies to the fee part of an invoice only — never to VAT or to
 * reimbursed costs — so the one rule of that part lives here, for the server and the pages alike.
 */

export const WITHHOLDING_TAX_CATEGORIES = ['company', 'government', 'individual'] as const;
export type WithholdingTaxCategory = (typeof WITHHOLDING_TAX_CATEGORIES)[number];

export const WITHHOLDING_TAX_CATEGORY_LABELS: Record<WithholdingTaxCategory, string> = {
  company: 'Company',
  government: 'Government',
  individual: 'Individual',
};

/** Until the firm says otherwise, a client's kind follows its type (a government body is recorded as a company client). */
export const defaultWithholdingTaxCategory = (clientType: string): WithholdingTaxCategory =>
  clientType === 'individual' ? 'individual' : 'company';

export const WITHHOLDING_TAX_MESSAGES = {
  moreThanFeePart: (feePart: string) => `Withholding tax cannot be more than the fee part of the invoice still open to it (${feePart})`,
  moreThanDue: 'The amount received and the withholding tax together cannot be more than the balance due',
  ratesSaved: 'Withholding tax rates saved',
  clientSaved: 'Client withholding tax saved',
  creditNoteRecorded: 'Withholding tax credit note recorded',
  noWithholdingTax: 'This payment has no withholding tax deducted',
  creditNoteExists: 'A credit note is already recorded for this payment',
  reversedPayment: 'This payment was reversed: no credit note can be recorded for it',
  recordBeforeFile: 'Record the credit note’s number and date before attaching its file',
  rateFormat: 'A rate is a percentage from 0 to 100 with at most 2 decimals',
} as const;

/** The figures of an invoice the fee part is worked out from: its totals, and what its credit notes credited. */
export type FeePartFigures = {
  feesSubtotal: string;
  flatFeesSubtotal: string;
  expensesSubtotal: string;
  discountAmount: string;
  /** Σ the fee part (fees and flat fees) its credit notes took back, net of the discount they gave back. */
  creditedFees?: string;
};

/**
 * The fee part of an invoice: fees and flat fees less their share of the discount (discount × fees ÷
 * subtotal, half-up, as tax shares it), less what credit notes took back of the fees. Never negative.
 */
export function withholdingTaxFeePart(invoice: FeePartFigures): string {
  const fees = toCents(invoice.feesSubtotal) + toCents(invoice.flatFeesSubtotal);
  const subtotal = fees + toCents(invoice.expensesSubtotal);
  const discountShare = subtotal === 0n ? 0n : divideRounded(toCents(invoice.discountAmount) * fees, subtotal);
  const part = fees - discountShare - toCents(invoice.creditedFees ?? '0');
  return fromCents(part > 0n ? part : 0n);
}

/** rate % of an amount, half-up to the cent (exact: the rate is a decimal with at most 2 places). */
export function withholdingTaxAt(amount: string, ratePercent: string): string {
  return fromCents(divideRounded(toCents(amount) * toScaled(ratePercent, 2), 100n * 100n));
}

/**
 * What to propose when a payment is recorded: the tax at the client's rate on the fee part, less
 * what earlier payments already had deducted, never more than the balance due; and the money that
 * then settles the rest. Zero tax when the rate is zero or the part is used up.
 */
export function proposeWithholdingTax(input: { feePart: string; ratePercent: string; alreadyWithheld: string; balanceDue: string }): {
  withholdingTaxAmount: string;
  amountToReceive: string;
} {
  const owed = toCents(withholdingTaxAt(input.feePart, input.ratePercent)) - toCents(input.alreadyWithheld);
  const due = toCents(input.balanceDue);
  const tax = owed <= 0n || due <= 0n ? 0n : owed > due ? due : owed;
  return { withholdingTaxAmount: fromCents(tax), amountToReceive: fromCents(due > tax ? due - tax : 0n) };
}

/**
 * Whether a payment form asks for WHT: only when the client deducts it (a rate above 0) or some was
 * already withheld; an individual at 0% gets no "0% of the fee part" field.
 */
export function isWithholdingTaxAsked(figures: { rate: string; withheld: string }): boolean {
  return toScaled(figures.rate, 4) > 0n || toCents(figures.withheld) !== 0n;
}

/** How much more tax an invoice can still have deducted: its fee part less what earlier payments withheld. */
export function withholdingTaxRoom(feePart: string, alreadyWithheld: string): string {
  const room = toCents(feePart) - toCents(alreadyWithheld);
  return fromCents(room > 0n ? room : 0n);
}

/**
 * What to propose when the firm confirms money the client transferred (reported on the portal): the
 * tax proposed on the invoice, but never more than the transfer leaves owing — a client that paid the
 * whole balance deducted nothing, one that paid net deducted the rest.
 */
export function proposeWithholdingTaxOnTransfer(input: { proposedAmount: string; balanceDue: string; received: string }): string {
  const left = toCents(input.balanceDue) - toCents(input.received);
  const proposed = toCents(input.proposedAmount);
  return fromCents(left <= 0n ? 0n : proposed > left ? left : proposed);
}
