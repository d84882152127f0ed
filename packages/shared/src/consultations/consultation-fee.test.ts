import { describe, expect, it } from 'vitest';
import { consultationFeeSentence } from './consultation-fee.ts';
import { isConsultationFeeCharged } from './consultation-settings.schemas.ts';

describe('isConsultationFeeCharged', () => {
  it.each([
    [null, false],
    ['', false],
    ['0', false],
    ['0.00', false],
    ['0.004', false], // rounds half-up to 0.00: nothing to charge
    ['0.005', true], // rounds half-up to 0.01
    ['0.01', true],
    ['5000', true],
    ['12.', false], // still being typed
    ['abc', false],
    ['-5.00', false],
    ['999999999999.99', true],
  ])('%s → %s', (amount, expected) => {
    expect(isConsultationFeeCharged(amount)).toBe(expected);
  });
});

describe('consultationFeeSentence', () => {
  const fee = { feeAmount: '25000', feeCurrencySymbol: '₦', paidAt: null };
  const online = { canPayOnline: true, paymentInstructions: 'Bank transfer to GTBank 0123456789' };
  const offline = { canPayOnline: false, paymentInstructions: null };
  it.each([
    ['paid', { ...fee, paidAt: '2026-11-20T10:00:00Z' }, online, 'Fee: ₦25,000.00, paid online. Thank you.'],
    ['payable online', fee, online, 'Fee: ₦25,000.00, not paid yet. Pay it online on your booking page: choose “Pay ₦25,000.00”.'],
    [
      'by the firm’s instructions',
      fee,
      { ...offline, paymentInstructions: ' Bank transfer to GTBank 0123456789 ' },
      'Fee: ₦25,000.00, not paid yet. To pay it: Bank transfer to GTBank 0123456789',
    ],
    ['neither', fee, offline, 'Fee: ₦25,000.00, not paid yet. Please ask the firm how to pay it before the consultation.'],
    ['free', { ...fee, feeAmount: null }, online, null],
  ])('%s', (_case, given, way, expected) => {
    expect(consultationFeeSentence(given, way)).toBe(expected);
  });
});
