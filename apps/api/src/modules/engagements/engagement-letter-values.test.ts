import type { EngagementTerms } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import type { LeadFacts } from '../leads/leads.api.ts';
import { engagementLetterValues, SALUTATION_FALLBACK } from './engagement-letter-values.ts';
import type { FirmFacts } from './engagements.repository.ts';

const lead = (facts: Partial<LeadFacts>) =>
  ({
    leadType: 'individual',
    firstName: null,
    lastName: null,
    companyName: null,
    displayName: '',
    opposingParties: [],
    ...facts,
  }) as LeadFacts;
const terms = {
  billingType: 'Hourly',
  hourlyRate: '250.00',
  matterName: 'Lease review',
  matterDescription: null,
} as unknown as EngagementTerms;
const firm = { name: 'Demo Chambers', homeCurrencyCode: 'NGN', today: '2026-11-28' } as FirmFacts;
const salutationOf = (facts: Partial<LeadFacts>) => engagementLetterValues(lead(facts), terms, firm)['lead.contactName'];

describe('the letter’s salutation ({lead.contactName})', () => {
  it.each([
    ['a person, by their own name', { firstName: 'Kemi', lastName: 'Adebayo', displayName: 'Kemi Adebayo' }, 'Kemi Adebayo'],
    [
      'a company, by its contact person',
      { leadType: 'company', companyName: 'Harbour Foods Ltd', displayName: 'Harbour Foods Ltd', firstName: 'Bisi', lastName: 'Coker' },
      'Bisi Coker',
    ],
    [
      'a company with no contact person',
      { leadType: 'company', companyName: 'Harbour Foods Ltd', displayName: 'Harbour Foods Ltd' },
      SALUTATION_FALLBACK,
    ],
    ['a lead with no name at all', {}, SALUTATION_FALLBACK],
  ] as [string, Partial<LeadFacts>, string][])('greets %s', (_, facts, expected) => {
    expect(salutationOf(facts)).toBe(expected);
  });

  it('falls back to “Sir/Madam”, never an empty “Dear ,”', () => {
    expect(SALUTATION_FALLBACK).toBe('Sir/Madam');
  });
});
