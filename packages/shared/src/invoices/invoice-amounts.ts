import { divideRounded, fromCents, fromScaled, MONEY_DECIMALS, toCents, toScaled } from '../common/money.ts';

/** Percentages (discount, tax) carry at most 4 decimals: 7.5, 12.125… */
export const PERCENT_DECIMALS = 4;

export const INVOICE_LINE_TYPES = ['fee', 'expense', 'flatFee'] as const;
export type InvoiceLineType = (typeof INVOICE_LINE_TYPES)[number];

export const DISCOUNT_TYPES = ['amount', 'percent'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** What the firm's tax is charged on: fees (professional fees and flat fees), expenses, or both. */
export const TAX_APPLIES_TO = ['fees', 'expenses', 'both'] as const;
export type TaxAppliesTo = (typeof TAX_APPLIES_TO)[number];

export interface InvoiceAmountLine {
  type: InvoiceLineType;
  /** The item's own amount as the item holds it (2 decimals). */
  amount: string;
  /** A write-down or write-up: the line's billed amount instead of the item's (null: none). */
  adjustedAmount?: string | null;
}

export interface InvoiceAmountInput {
  lines: readonly InvoiceAmountLine[];
  discountType?: DiscountType | null;
  /** An amount (2 decimals) or a percent (0–100, up to 4 decimals); blank or null: no discount. */
  discountValue?: string | null;
  /** 0–100, up to 4 decimals; blank or null: no tax. */
  taxPercent?: string | null;
  taxAppliesTo?: TaxAppliesTo | null;
  /** Payments received (sum), written off (sum): they never change the total, only what is due. */
  paidAmount?: string | null;
  writtenOffAmount?: string | null;
  /** What credit notes took off the balance due (sum). */
  creditedAmount?: string | null;
}

export interface InvoiceLineAmounts {
  /** The amount billed for the line: the adjusted amount when there is one, else the item's. */
  amount: string;
  /** billed − item amount: negative for a write-down, positive for a write-up, '0.00' when none. */
  adjustment: string;
}

export interface InvoiceTotals {
  feesSubtotal: string;
  expensesSubtotal: string;
  flatFeesSubtotal: string;
  subtotal: string;
  discountAmount: string;
  /** The part of the subtotal tax is charged on, after its share of the discount. */
  taxableAmount: string;
  taxAmount: string;
  total: string;
  paidAmount: string;
  writtenOffAmount: string;
  creditedAmount: string;
  balanceDue: string;
}

export interface InvoiceAmounts {
  lines: InvoiceLineAmounts[];
  totals: InvoiceTotals;
}

const HUNDRED_PERCENT = 100n * 10n ** BigInt(PERCENT_DECIMALS);
const percent = (text: string | null | undefined) => {
  if (!text || text.trim() === '') return 0n;
  const value = toScaled(text, PERCENT_DECIMALS);
  if (value < 0n) return 0n;
  return value > HUNDRED_PERCENT ? HUNDRED_PERCENT : value;
};

/**
 * The one computation of an invoice's money, used by the server to store it and by the pages, the
 * PDF and LEDES to show it, so all agree to the cent (ADR 0001: exact decimals, one half-up rounding
 * per figure).
 *
 * - Each line bills its adjusted amount when it has one (a write-down or up), else the item's amount.
 * - subtotal = fees + expenses + flat fees = the sum of the line amounts.
 * - The discount is an amount, or a percent of the subtotal rounded half-up; never more than the
 *   subtotal, never negative.
 * - Tax is charged on the taxable part (fees + flat fees, expenses, or both) less that part's share
 *   of the discount (discount × taxable ÷ subtotal, half-up), then × taxPercent ÷ 100, half-up.
 * - total = subtotal − discount + tax; balanceDue = total − paid − written off − credited.
 * The result does not depend on the order of the lines.
 */
export function computeInvoiceAmounts(input: InvoiceAmountInput): InvoiceAmounts {
  let fees = 0n;
  let expenses = 0n;
  let flatFees = 0n;
  const lines = input.lines.map((line) => {
    const original = toCents(line.amount);
    const hasAdjustment = line.adjustedAmount !== null && line.adjustedAmount !== undefined && line.adjustedAmount.trim() !== '';
    const billed = hasAdjustment ? toCents(line.adjustedAmount) : original;
    if (line.type === 'fee') fees += billed;
    else if (line.type === 'expense') expenses += billed;
    else flatFees += billed;
    return { amount: fromCents(billed), adjustment: fromCents(billed - original) };
  });
  const subtotal = fees + expenses + flatFees;

  let discount = 0n;
  if (input.discountType === 'percent') {
    discount = divideRounded(subtotal * percent(input.discountValue), HUNDRED_PERCENT);
  } else if (input.discountType === 'amount') {
    discount = toCents(input.discountValue);
  }
  if (discount < 0n) discount = 0n;
  if (discount > subtotal) discount = subtotal > 0n ? subtotal : 0n;

  const appliesTo = input.taxAppliesTo ?? 'both';
  const taxablePart = appliesTo === 'fees' ? fees + flatFees : appliesTo === 'expenses' ? expenses : subtotal;
  const taxableDiscount = subtotal === 0n ? 0n : divideRounded(discount * taxablePart, subtotal);
  const taxable = taxablePart - taxableDiscount;
  const tax = taxable <= 0n ? 0n : divideRounded(taxable * percent(input.taxPercent), HUNDRED_PERCENT);

  const total = subtotal - discount + tax;
  const paid = toCents(input.paidAmount);
  const writtenOff = toCents(input.writtenOffAmount);
  const credited = toCents(input.creditedAmount);
  return {
    lines,
    totals: {
      feesSubtotal: fromCents(fees),
      expensesSubtotal: fromCents(expenses),
      flatFeesSubtotal: fromCents(flatFees),
      subtotal: fromCents(subtotal),
      discountAmount: fromCents(discount),
      taxableAmount: fromCents(taxable < 0n ? 0n : taxable),
      taxAmount: fromCents(tax),
      total: fromCents(total),
      paidAmount: fromCents(paid),
      writtenOffAmount: fromCents(writtenOff),
      creditedAmount: fromCents(credited),
      balanceDue: fromCents(total - paid - writtenOff - credited),
    },
  };
}

/** Money comparisons on text, exact: -1, 0 or 1. */
export function compareMoney(a: string, b: string): number {
  const left = toScaled(a, MONEY_DECIMALS);
  const right = toScaled(b, MONEY_DECIMALS);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** a − b, exact, 2 decimals. */
export function subtractMoney(a: string, b: string): string {
  return fromScaled(toScaled(a, MONEY_DECIMALS) - toScaled(b, MONEY_DECIMALS), MONEY_DECIMALS);
}
