import { describe, expect, it } from 'vitest';
import { partyTypeOfName } from './party-kind.ts';

describe('partyTypeOfName', () => {
  it.each([
    ['Lagoon Shipping Ltd', 'company'],
    ['Sahel Agro Holdings Plc', 'company'],
    ['Marina Estates Limited', 'company'],
    ['Reed & Co.', 'company'],
    ['Brightwater Energy Ltd.', 'company'],
    ['Acme Inc', 'company'],
    ['Segun Adeyemi', 'individual'],
    ['Colt Pascal', 'individual'],
    ['Bola Ltdson', 'individual'],
    ['Harbour Capital Partners', 'individual'],
  ])('%s is %s', (name, kind) => {
    expect(partyTypeOfName(name)).toBe(kind);
  });
});
