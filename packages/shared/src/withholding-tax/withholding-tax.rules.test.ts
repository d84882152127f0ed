import { describe, expect, it } from 'vitest';
import {
  proposeWithholdingTax,
  proposeWithholdingTaxOnTransfer,
  withholdingTaxAt,
  withholdingTaxFeePart,
  withholdingTaxRoom,
} from './withholding-tax.rules.ts';

describe('the fee part withholding tax applies to', () => {
  it('is fees and flat fees, not expenses or VAT, less their share of the discount and what credit notes took back', () => {
    const figures = { feesSubtotal: '800000.00', flatFeesSubtotal: '200000.00', expensesSubtotal: '250000.00', discountAmount: '0.00' };
    expect(withholdingTaxFeePart(figures)).toBe('1000000.00');
    // 125,000 discount on a 1,250,000 subtotal: the fees carry 1,000,000 / 1,250,000 of it = 100,000.
    expect(withholdingTaxFeePart({ ...figures, discountAmount: '125000.00' })).toBe('900000.00');
    expect(withholdingTaxFeePart({ ...figures, creditedFees: '100000.00' })).toBe('900000.00');
    expect(withholdingTaxFeePart({ ...figures, creditedFees: '2000000.00' })).toBe('0.00');
  });

  it('rounds the discount share half-up to the cent', () => {
    expect(
      withholdingTaxFeePart({ feesSubtotal: '100.00', flatFeesSubtotal: '0', expensesSubtotal: '200.00', discountAmount: '0.05' }),
    ).toBe('99.98');
  });
});

describe('the withholding tax proposed for a payment', () => {
  it('is the rate on the fee part, half-up to the cent', () => {
    expect(withholdingTaxAt('1000000.00', '10')).toBe('100000.00');
    expect(withholdingTaxAt('333.35', '7.5')).toBe('25.00');
    expect(withholdingTaxAt('333.33', '7.5')).toBe('25.00');
    expect(withholdingTaxAt('0.05', '10')).toBe('0.01');
  });

  it('takes off what earlier payments withheld and leaves the rest as money to receive', () => {
    expect(proposeWithholdingTax({ feePart: '1000000.00', ratePercent: '10', alreadyWithheld: '0', balanceDue: '1075000.00' })).toEqual({
      withholdingTaxAmount: '100000.00',
      amountToReceive: '975000.00',
    });
    expect(
      proposeWithholdingTax({ feePart: '1000000.00', ratePercent: '10', alreadyWithheld: '40000.00', balanceDue: '500000.00' }),
    ).toEqual({
      withholdingTaxAmount: '60000.00',
      amountToReceive: '440000.00',
    });
  });

  it('is nothing at a zero rate or once the part is used up, and never more than is due', () => {
    expect(
      proposeWithholdingTax({ feePart: '1000.00', ratePercent: '0', alreadyWithheld: '0', balanceDue: '1000.00' }).withholdingTaxAmount,
    ).toBe('0.00');
    expect(
      proposeWithholdingTax({ feePart: '1000.00', ratePercent: '10', alreadyWithheld: '100.00', balanceDue: '50.00' }).withholdingTaxAmount,
    ).toBe('0.00');
    expect(proposeWithholdingTax({ feePart: '1000.00', ratePercent: '10', alreadyWithheld: '0', balanceDue: '30.00' })).toEqual({
      withholdingTaxAmount: '30.00',
      amountToReceive: '0.00',
    });
  });

  it('leaves room for the fee part less what was withheld, never below nothing', () => {
    expect(withholdingTaxRoom('1000.00', '100.00')).toBe('900.00');
    expect(withholdingTaxRoom('1000.00', '1200.00')).toBe('0.00');
  });

  it('proposes on a reported transfer only what the transfer leaves owing, up to the invoice’s proposal', () => {
    // Paid net of 10% WHT on 1,000,000 fees (+ 7.5% VAT): the 100,000 left is the tax.
    expect(proposeWithholdingTaxOnTransfer({ proposedAmount: '100000.00', balanceDue: '1075000.00', received: '975000.00' })).toBe(
      '100000.00',
    );
    expect(proposeWithholdingTaxOnTransfer({ proposedAmount: '100000.00', balanceDue: '1075000.00', received: '1075000.00' })).toBe('0.00');
    expect(proposeWithholdingTaxOnTransfer({ proposedAmount: '100000.00', balanceDue: '1075000.00', received: '1000000.00' })).toBe(
      '75000.00',
    );
    expect(proposeWithholdingTaxOnTransfer({ proposedAmount: '100000.00', balanceDue: '1075000.00', received: '500000.00' })).toBe(
      '100000.00',
    );
  });
});
