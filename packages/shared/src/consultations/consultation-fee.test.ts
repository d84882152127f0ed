import { describe, expect, it } from 'vitest';
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
