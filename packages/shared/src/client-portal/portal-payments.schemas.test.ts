import { describe, expect, it } from 'vitest';
import { startPortalPaymentSchema } from './portal-payments.schemas.ts';

const ID = '3f9a2b1c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('starting a portal payment', () => {
  it('refuses an amount that is not money with its message, not an exception', () => {
    for (const amount of ['abc', '1,000', '12.345', '-5']) {
      const result = startPortalPaymentSchema.safeParse({ kind: 'invoice', id: ID, amount });
      expect(result.success, amount).toBe(false);
      expect(
        result.error?.issues.map((issue) => issue.message),
        amount,
      ).toEqual(['Amount must be an amount with at most 2 decimals']);
    }
  });

  it('refuses nothing to pay and takes blank as everything due', () => {
    expect(startPortalPaymentSchema.safeParse({ kind: 'invoice', id: ID, amount: '0.00' }).error?.issues[0]?.message).toBe(
      'Amount must be more than 0',
    );
    expect(startPortalPaymentSchema.parse({ kind: 'invoice', id: ID, amount: ' ' }).amount).toBeNull();
    expect(startPortalPaymentSchema.parse({ kind: 'invoice', id: ID, amount: 1250.5 }).amount).toBe('1250.5');
  });
});
