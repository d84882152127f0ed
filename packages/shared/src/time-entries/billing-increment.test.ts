import { describe, expect, it } from 'vitest';
import { billedDuration, billingIncrementOf } from './time-entry-amounts.ts';

describe('billedDuration: rounds the recorded hours up to the increment, once', () => {
  it.each([
    // recorded, increment, billed
    ['0.0019', '0.1', '0.1000'], // the 7-second timer of issue 13
    ['0.0019', '0.25', '0.2500'],
    ['0.0019', '0.05', '0.0500'],
    ['0.0019', '0.01', '0.0100'],
    ['0.0019', '0', '0.0019'],
    ['0.1', '0.1', '0.1000'], // already a whole unit: unchanged
    ['0.1001', '0.1', '0.2000'],
    ['1.5', '0.25', '1.5000'],
    ['1.5001', '0.25', '1.7500'],
    ['0.26', '0.25', '0.5000'],
    ['2.34', '0.05', '2.3500'],
    ['2.35', '0.05', '2.3500'],
    ['0.0001', '0.01', '0.0100'],
    ['24', '0.1', '24.0000'],
    ['23.9999', '0.25', '24.0000'],
  ])('%s h at %s h bills %s h', (recorded, increment, billed) => {
    expect(billedDuration(recorded, increment)).toBe(billed);
  });

  it('is idempotent: billing the billed hours again changes nothing', () => {
    for (const increment of ['0.01', '0.05', '0.1', '0.25']) {
      for (const recorded of ['0.0019', '0.3333', '1.01', '7.9999']) {
        const once = billedDuration(recorded, increment);
        expect(billedDuration(once, increment)).toBe(once);
      }
    }
  });
});

describe('billingIncrementOf', () => {
  it.each([
    ['0.10', '0.1'],
    ['0.25', '0.25'],
    ['0.00', '0'],
    ['0.01', '0.01'],
    ['0.05', '0.05'],
  ])('reads the stored %s as %s', (stored, increment) => {
    expect(billingIncrementOf(stored)).toBe(increment);
  });
});
