import { describe, expect, it } from 'vitest';
import { conversionPlanOf, ENGAGEMENT_MESSAGES, engagementFeesLock, engagementLetterRefusal } from './engagement-rules.ts';

describe('the engagement’s rules', () => {
  it.each<[string | null, string | null]>([
    [null, null],
    ['Sent', ENGAGEMENT_MESSAGES.feesOutForSignature],
    ['Sealing', ENGAGEMENT_MESSAGES.feesOutForSignature],
    ['Completed', ENGAGEMENT_MESSAGES.feesSigned],
    ['Declined', null],
    ['Voided', null],
    ['Expired', null],
  ])('fees with the letter’s request %s: %j', (status, expected) => {
    expect(engagementFeesLock(status)).toBe(expected);
  });

  it.each<[boolean, boolean, string | null, boolean, string | null]>([
    [false, true, null, false, ENGAGEMENT_MESSAGES.saveTermsFirst],
    [true, false, null, false, ENGAGEMENT_MESSAGES.chooseTemplate],
    [true, true, null, false, null],
    [true, true, 'Sent', false, ENGAGEMENT_MESSAGES.alreadySent],
    [true, true, 'Sealing', false, ENGAGEMENT_MESSAGES.alreadySent],
    [true, true, 'Completed', false, ENGAGEMENT_MESSAGES.alreadySigned],
    [true, true, 'Voided', false, null],
    [true, true, null, true, ENGAGEMENT_MESSAGES.alreadySigned],
  ])('a letter (saved %s, template %s, request %s, converted %s): %j', (isSaved, hasTemplate, signatureStatus, isConverted, expected) => {
    expect(engagementLetterRefusal({ isSaved, hasTemplate, signatureStatus, isConverted })).toBe(expected);
  });

  it.each<[boolean, number, string | null, string]>([
    [true, 0, null, 'The matter’s documents folder, with the engagement letter'],
    [true, 1, '0.00', 'The matter’s documents folder, with the engagement letter and 1 file sent with the intake form'],
    [false, 3, '0.001', 'The matter’s documents folder, with 3 files sent with the intake form'],
    [false, 0, '0.01', 'The matter’s documents folder'],
  ])(
    'Convert’s plan (letter %s, %s intake files, retainer %s) names the folder as %j',
    (hasLetter, intakeFileCount, retainerAmount, folder) => {
      const plan = conversionPlanOf({
        leadName: 'Adaora Nwosu',
        isCompany: false,
        contactName: null,
        email: null,
        matterName: 'Nwosu v Lagoon Bank',
        billingText: 'Hourly at 275.50 NGN',
        retainerAmount,
        retainerCurrencyCode: 'NGN',
        hasLetter,
        intakeFileCount,
      });
      expect(plan).toContain(folder);
      // A retainer of less than a cent is none (exact decimals, rounded half-up to 2 places: 0.001 → 0.00).
      expect(plan.some((line) => line.startsWith('Trust request'))).toBe(retainerAmount === '0.01');
    },
  );
});
