import {
  computeInvoiceAmounts,
  divideRounded,
  fromCents,
  subtractMoney,
  toCents,
  type DiscountType,
  type TaxAppliesTo,
} from '@matterhorn/shared';

/** What a credit note reads of its invoice: the terms its figures were computed with. */
export type CreditedInvoiceTerms = {
  discountType: DiscountType | null;
  discountValue: string | null;
  /** The discount the invoice took (an amount discount is shared out by the lines' amounts). */
  discountAmount: string;
  subtotal: string;
  taxPercent: string;
  taxAppliesTo: TaxAppliesTo;
};

export type CreditableLine = { id: string; itemType: 'fee' | 'expense' | 'flatFee'; amount: string };

export type CreditFigures = { feesAmount: string; expensesAmount: string; discountAmount: string; taxAmount: string; total: string };

/** The invoice's figures over some of its lines, with its own discount and tax terms. */
function figuresOver(terms: CreditedInvoiceTerms, lines: readonly CreditableLine[]) {
  const lineSum = lines.reduce((sum, line) => sum + toCents(line.amount), 0n);
  const subtotal = toCents(terms.subtotal);
  // An amount discount belongs to the lines in proportion to their amounts (half-up), so crediting
  // every line gives back exactly the discount the invoice took.
  const discountValue =
    terms.discountType === 'amount'
      ? fromCents(subtotal === 0n ? 0n : divideRounded(toCents(terms.discountAmount) * lineSum, subtotal))
      : terms.discountValue;
  return computeInvoiceAmounts({
    lines: lines.map((line) => ({ type: line.itemType, amount: line.amount })),
    discountType: terms.discountType,
    discountValue,
    taxPercent: terms.taxPercent,
    taxAppliesTo: terms.taxAppliesTo,
  }).totals;
}

/**
 * A credit note's figures: the invoice's figures over the lines still standing before it, less
 * those over the lines standing after it. Computed as a difference, every figure of successive
 * credit notes adds up to the invoice's own to the cent, whatever the rounding of each.
 */
export function creditFiguresOf(
  terms: CreditedInvoiceTerms,
  standing: readonly CreditableLine[],
  credited: ReadonlySet<string>,
): CreditFigures {
  const before = figuresOver(terms, standing);
  const after = figuresOver(
    terms,
    standing.filter((line) => !credited.has(line.id)),
  );
  const fees = (figures: typeof before) => fromCents(toCents(figures.feesSubtotal) + toCents(figures.flatFeesSubtotal));
  return {
    feesAmount: subtractMoney(fees(before), fees(after)),
    expensesAmount: subtractMoney(before.expensesSubtotal, after.expensesSubtotal),
    discountAmount: subtractMoney(before.discountAmount, after.discountAmount),
    taxAmount: subtractMoney(before.taxAmount, after.taxAmount),
    total: subtractMoney(before.total, after.total),
  };
}
