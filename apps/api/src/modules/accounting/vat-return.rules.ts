import { divideRounded, fromCents, toCents, toScaled, type TaxAppliesTo, type VatReturnInvoice } from '@matterhorn/shared';

/** A numeric percentage without trailing zeros: "7.5000" → "7.5", "0.0000" → "0". */
export const percentText = (value: string): string => (value.includes('.') ? value.replace(/\.?0+$/, '') : value) || '0';

/** What the VAT return needs of an issued invoice: its figures as the server computed them. */
export type VatInvoiceFigures = {
  feesSubtotal: string;
  flatFeesSubtotal: string;
  expensesSubtotal: string;
  discountAmount: string;
  taxAmount: string;
  taxName: string | null;
  taxPercent: string;
  taxAppliesTo: TaxAppliesTo;
};

/** One part of an invoice at one rate: its net value and the tax on it, in cents. */
export type VatPart = { kind: 'fees' | 'costs'; taxName: string; ratePercent: string; net: bigint; tax: bigint };

export const NO_TAX = 'No tax';

/**
 * An invoice's value and output tax split into fees (time and flat fees) and recoverable costs
 * (expenses billed), each at the rate it was charged: the discount is shared in proportion (as
 * computeInvoiceAmounts shares it), the tax on fees is worked out at the invoice's rate and the
 * costs take the rest, so the two parts add up to the invoice's tax to the cent. A part the tax did
 * not apply to is at 0% ("No tax"); a part of nothing is left out.
 */
export function vatPartsOf(invoice: VatInvoiceFigures): VatPart[] {
  const fees = toCents(invoice.feesSubtotal) + toCents(invoice.flatFeesSubtotal);
  const subtotal = fees + toCents(invoice.expensesSubtotal);
  const discount = toCents(invoice.discountAmount);
  const feesNet = fees - (subtotal === 0n ? 0n : divideRounded(discount * fees, subtotal));
  const costsNet = subtotal - discount - feesNet;
  const tax = toCents(invoice.taxAmount);
  const percent = percentText(invoice.taxPercent);
  const isTaxed = tax !== 0n || toScaled(percent, 4) !== 0n;
  const feesTaxed = isTaxed && invoice.taxAppliesTo !== 'expenses';
  const costsTaxed = isTaxed && invoice.taxAppliesTo !== 'fees';
  let feesTax = 0n;
  if (feesTaxed && costsTaxed) feesTax = feesNet <= 0n ? 0n : divideRounded(feesNet * toScaled(percent, 4), 1_000_000n);
  else if (feesTaxed) feesTax = tax;
  const costsTax = costsTaxed ? tax - feesTax : 0n;
  const rate = (taxed: boolean) =>
    taxed ? { taxName: invoice.taxName?.trim() || 'Tax', ratePercent: percent } : { taxName: NO_TAX, ratePercent: '0' };
  const parts: VatPart[] = [
    { kind: 'fees', ...rate(feesTaxed), net: feesNet, tax: feesTax },
    { kind: 'costs', ...rate(costsTaxed), net: costsNet, tax: costsTax },
  ];
  return parts.filter((part) => part.net !== 0n || part.tax !== 0n);
}

export type VatFigures = Pick<VatReturnInvoice, 'feesNet' | 'feesTax' | 'costsNet' | 'costsTax' | 'net' | 'tax'>;

/** Running totals in cents, answered as text. */
export class VatTotals {
  feesNet = 0n;
  feesTax = 0n;
  costsNet = 0n;
  costsTax = 0n;

  add(part: Pick<VatPart, 'kind' | 'net' | 'tax'>, sign: 1n | -1n = 1n): this {
    if (part.kind === 'fees') {
      this.feesNet += sign * part.net;
      this.feesTax += sign * part.tax;
    } else {
      this.costsNet += sign * part.net;
      this.costsTax += sign * part.tax;
    }
    return this;
  }

  get tax(): bigint {
    return this.feesTax + this.costsTax;
  }

  figures(): VatFigures {
    return {
      feesNet: fromCents(this.feesNet),
      feesTax: fromCents(this.feesTax),
      costsNet: fromCents(this.costsNet),
      costsTax: fromCents(this.costsTax),
      net: fromCents(this.feesNet + this.costsNet),
      tax: fromCents(this.tax),
    };
  }
}

/** Rates highest first, "No tax" last. */
export const byRate = (a: { ratePercent: string; taxName: string }, b: { ratePercent: string; taxName: string }): number =>
  Number(toScaled(b.ratePercent, 4) - toScaled(a.ratePercent, 4)) || a.taxName.localeCompare(b.taxName);
