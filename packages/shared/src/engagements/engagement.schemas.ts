import { z } from 'zod';
import { optionalMoneyText, optionalMultilineText, optionalUuid, requiredText, uuidField } from '../common/fields.ts';
import { toCents, toScaled } from '../common/money.ts';
import { MATTER_RATES } from '../matters/matter-lookups.schemas.ts';

/**
 * The terms a firm engages a lead on: what the matter will be (its name, description, practice area
 * and responsible fee earner), how it is billed (as a matter takes it: a billing type with its hourly
 * rate, flat fee or contingency share, in the firm's home currency), the retainer asked into trust,
 * and the Word template the engagement letter is made from.
 */
export const engagementTermsInputSchema = z
  .strictObject({
    practiceAreaId: optionalUuid('Practice area').describe('The firm’s practice area the matter falls under (a UUID); null: none.'),
    responsibleUserId: uuidField('Responsible fee earner').describe(
      'The fee earner responsible for the matter (an active member, a UUID).',
    ),
    matterName: requiredText('Matter name', 200).describe('The matter’s name as it will be opened (at most 200 characters).'),
    matterDescription: optionalMultilineText('Description', 5000).describe(
      'What the matter is about (at most 5000 characters); blank or null: none.',
    ),
    billingType: z
      .enum(MATTER_RATES, { error: 'Billing type is required' })
      .describe('How the matter is billed: Hourly, Flat Rate, Contingency or Retainer.'),
    hourlyRate: optionalMoneyText('Hourly rate').describe(
      'The hourly rate in the home currency (at most 2 decimals); required for Hourly.',
    ),
    flatRate: optionalMoneyText('Flat fee').describe('The fixed fee in the home currency (at most 2 decimals); required for Flat Rate.'),
    contingencyPercentage: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
      .refine(
        (value) => value === null || (/^\d{1,3}(\.\d{1,2})?$/.test(value) && toScaled(value, 2) <= 10_000n),
        'Contingency percentage must be between 0 and 100',
      )
      .describe('The share of the recovery, a percentage from 0 to 100 with at most 2 decimals; required for Contingency.'),
    retainerAmount: optionalMoneyText('Retainer').describe('The retainer asked into trust (at most 2 decimals); blank or null: none.'),
    retainerCurrencyCode: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'Choose the retainer’s currency')
      .nullish()
      .transform((value) => value ?? null)
      .describe('The ISO 4217 code of the retainer’s currency (a trust account of the firm’s in it); needed with a retainer.'),
    templateDocumentId: optionalUuid('Template').describe('The Word template (a .docx in the firm’s templates) the letter is made from.'),
  })
  .superRefine((terms, context) => {
    if (terms.billingType === 'Hourly' && !terms.hourlyRate)
      context.addIssue({ code: 'custom', path: ['hourlyRate'], message: 'Hourly rate is required' });
    if (terms.billingType === 'Flat Rate' && !terms.flatRate)
      context.addIssue({ code: 'custom', path: ['flatRate'], message: 'Flat fee is required' });
    if (terms.billingType === 'Contingency' && !terms.contingencyPercentage)
      context.addIssue({ code: 'custom', path: ['contingencyPercentage'], message: 'Contingency percentage is required' });
    if (toCents(terms.retainerAmount) > 0n && !terms.retainerCurrencyCode)
      context.addIssue({ code: 'custom', path: ['retainerCurrencyCode'], message: 'Choose the retainer’s currency' });
  });
export type EngagementTermsInput = z.input<typeof engagementTermsInputSchema>;
export type EngagementTermsParsed = z.output<typeof engagementTermsInputSchema>;

export const engagementSendInputSchema = z.strictObject({
  message: optionalMultilineText('Message', 2000).describe(
    'A note for the lead in the signing email (at most 2000 characters); null: the standard text.',
  ),
});

export const engagementTermsSchema = z.object({
  practiceAreaId: z.string().nullable().describe('The practice area’s id, or null.'),
  practiceAreaName: z.string().nullable().describe('The practice area’s name, or null.'),
  responsibleUserId: z.string().nullable().describe('The responsible fee earner’s id, or null until chosen.'),
  responsibleName: z.string().nullable().describe('The responsible fee earner’s name, or null.'),
  matterName: z.string().describe('The matter’s name.'),
  matterDescription: z.string().nullable().describe('The matter’s description, or null.'),
  billingType: z.enum(MATTER_RATES).describe('How the matter is billed.'),
  hourlyRate: z.string().nullable().describe('The hourly rate (exact decimal, home currency), or null.'),
  flatRate: z.string().nullable().describe('The flat fee (exact decimal, home currency), or null.'),
  contingencyPercentage: z.string().nullable().describe('The contingency share in percent, or null.'),
  retainerAmount: z.string().nullable().describe('The retainer (exact decimal), or null for none.'),
  retainerCurrencyCode: z.string().nullable().describe('The retainer’s ISO 4217 currency code, or null.'),
  templateDocumentId: z.string().nullable().describe('The Word template’s document id, or null.'),
  templateName: z.string().nullable().describe('The Word template’s file name, or null.'),
});
export type EngagementTerms = z.infer<typeof engagementTermsSchema>;

const documentLinkSchema = z.object({
  documentId: z.string().describe('The document’s id (open or download it through the documents calls).'),
  name: z.string().describe('The document’s file name.'),
});

export const engagementSchema = z.object({
  leadId: z.string().describe('The lead’s id.'),
  leadName: z.string().describe('The lead’s display name.'),
  isSaved: z.boolean().describe('false: no terms saved yet, `terms` holds the defaults taken from the lead.'),
  terms: engagementTermsSchema.describe('The saved terms, or the defaults from the lead when none are saved.'),
  homeCurrencyCode: z.string().describe('The firm’s home currency (rates and fees are in it).'),
  letterDocx: documentLinkSchema.nullable().describe('The generated Word letter, or null.'),
  letterPdf: documentLinkSchema.nullable().describe('The letter as a PDF to sign (the signed copy is its newest version), or null.'),
  letterGeneratedAt: z.string().nullable().describe('When the letter was last generated (ISO 8601), or null.'),
  signatureRequestId: z.string().nullable().describe('The signature request the letter was sent in, or null.'),
  signatureStatus: z.string().nullable().describe('That request’s status (Sent, Completed, Declined…), or null.'),
  feesLock: z
    .string()
    .nullable()
    .describe(
      'Why the fees (billing type, rate, retainer) cannot change now — the letter out for signature or signed states them — or null.',
    ),
  generateRefusal: z.string().nullable().describe('Why the letter cannot be generated now, or null when it can.'),
  sendRefusal: z.string().nullable().describe('Why the letter cannot be sent for signature now, or null when it can.'),
  convertRefusal: z.string().nullable().describe('Why the lead cannot be converted now, or null when it can.'),
  willCreate: z.array(z.string()).describe('What Convert will create, in words, one line each.'),
  clientId: z.string().nullable().describe('The client opened by the conversion, or null before it.'),
  clientName: z.string().nullable().describe('That client’s name, or null.'),
  matterId: z.string().nullable().describe('The matter opened by the conversion, or null.'),
  matterNumber: z.string().nullable().describe('That matter’s number, or null.'),
  trustRequestId: z.string().nullable().describe('The retainer’s trust request, or null.'),
  convertedAt: z.string().nullable().describe('When the lead was converted (ISO 8601), or null.'),
});
export type Engagement = z.infer<typeof engagementSchema>;

export const leadIdParamsSchema = z.object({ leadId: uuidField('Lead').describe('The lead’s id (a UUID).') });
