import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas.ts';
import { isoDate, optionalMultilineText, optionalUuid, requiredMultilineText, requiredText, uuidField } from '../common/fields.ts';
import { pageQuerySchema } from '../common/pagination.ts';
import { SIGNATURE_REQUEST_STATUSES, SIGNING_ORDERS } from './signature-request-states.ts';

/**
 * Signature: the signer's adopted signature. Initials: their adopted initials. Date: the date they
 * signed, written by Matterhorn (DD/MM/YYYY). Name: the signer's name as the sender entered it,
 * written by Matterhorn. The signer applies their signature and initials at each of their places.
 */
export const SIGNATURE_FIELD_KINDS = ['signature', 'initials', 'date', 'name'] as const;
export type SignatureFieldKind = (typeof SIGNATURE_FIELD_KINDS)[number];

/** How each kind of place is filled, for the sender's palette and the signing page. */
export const SIGNATURE_FIELD_KIND_RULES: Readonly<Record<SignatureFieldKind, { label: string; isFilledBySigner: boolean }>> = {
  signature: { label: 'Signature', isFilledBySigner: true },
  initials: { label: 'Initials', isFilledBySigner: true },
  date: { label: 'Date signed', isFilledBySigner: false },
  name: { label: 'Full name', isFilledBySigner: false },
};

/** clientContact: a contact person of a client; lead: a prospective client; firmUser: a member of the firm; other: anyone else by email. */
export const SIGNER_KINDS = ['clientContact', 'lead', 'firmUser', 'other'] as const;
export type SignerKind = (typeof SIGNER_KINDS)[number];

export const SIGNATURE_REQUEST_LIMITS = {
  maxSigners: 10,
  maxFields: 200,
  /** A drawn signature as a PNG data URL, in characters (about 75 KB of PNG). */
  maxDrawnImageCharacters: 100_000,
  maxTypedCharacters: 100,
  /** Days from today the expiry may be set to; the default is 30. */
  maxExpiryDays: 365,
  defaultExpiryDays: 30,
  /** A signer is reminded at most this often, by the sender or the daily job. */
  reminderEveryDays: 3,
} as const;

export const SIGNING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const fraction = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and 1`)
    .max(1, `${label} must be between 0 and 1`);

/** A place on a page, in fractions of the page's width and height from its top-left corner (the server converts to PDF points). */
export const signatureFieldInputSchema = z
  .strictObject({
    signerIndex: z.number().int().min(0).describe('Which signer the place is for: their position in the signers list, from 0.'),
    kind: z.enum(SIGNATURE_FIELD_KINDS).describe('signature, initials, date (the date signed) or name (the signer’s name).'),
    page: z.number().int().min(1, 'Page must be 1 or more').describe('The page it is on, from 1.'),
    x: fraction('x').describe('Its left edge, as a fraction of the page’s width from the left (0 to 1).'),
    y: fraction('y').describe('Its top edge, as a fraction of the page’s height from the top (0 to 1).'),
    width: fraction('Width').describe('Its width as a fraction of the page’s width (more than 0; x + width at most 1).'),
    height: fraction('Height').describe('Its height as a fraction of the page’s height (more than 0; y + height at most 1).'),
  })
  .refine((field) => field.width > 0 && field.height > 0 && field.x + field.width <= 1.0001 && field.y + field.height <= 1.0001, {
    message: 'A place to sign must lie inside its page',
  });
export type SignatureFieldInput = z.input<typeof signatureFieldInputSchema>;

export const signerInputSchema = z.strictObject({
  name: requiredText('Signer’s name', 120).describe('The signer’s full name, as it is stamped and printed on the certificate.'),
  email: emailSchema.describe('Where the signer’s link is emailed.'),
  kind: z.enum(SIGNER_KINDS).describe('clientContact, lead, firmUser or other.'),
  clientContactId: optionalUuid('Contact').describe('For a client’s contact person: the contact’s id; null otherwise.'),
  leadId: optionalUuid('Lead').describe('For a lead: the lead’s id; null otherwise.'),
  userId: optionalUuid('Member').describe('For a member of the firm: their user id; null otherwise.'),
});
export type SignerInput = z.input<typeof signerInputSchema>;

/** POST create-request: a document's current PDF version out for signature. Send an Idempotency-Key. */
export const createSignatureRequestInputSchema = z
  .strictObject({
    documentId: uuidField('Document').describe('The document whose current version (a PDF) is sent; its SHA-256 is recorded now.'),
    title: requiredText('Title', 160).describe('What the signers are asked to sign, as the email’s subject says it.'),
    message: optionalMultilineText('Message', 2000).describe('A note to the signers, in the email and on the signing page; null for none.'),
    signingOrder: z
      .enum(SIGNING_ORDERS)
      .describe('inOrder: each signer is emailed once the one before has signed; allAtOnce: all at once.'),
    expiresOn: isoDate('Expiry date').describe(
      'The last day it can be signed (YYYY-MM-DD, the firm’s time zone): after today, within 365 days.',
    ),
    signers: z
      .array(signerInputSchema)
      .min(1, 'Add a signer')
      .max(SIGNATURE_REQUEST_LIMITS.maxSigners, `At most ${SIGNATURE_REQUEST_LIMITS.maxSigners} signers`)
      .describe('The signers, in signing order.'),
    fields: z
      .array(signatureFieldInputSchema)
      .min(1, 'Mark at least one place to sign')
      .max(SIGNATURE_REQUEST_LIMITS.maxFields, `At most ${SIGNATURE_REQUEST_LIMITS.maxFields} places`)
      .describe('The places marked on the pages; every signer needs at least one signature place.'),
  })
  .superRefine((input, context) => {
    const emails = input.signers.map((signer) => signer.email);
    emails.forEach((email, index) => {
      if (emails.indexOf(email) !== index)
        context.addIssue({ code: 'custom', path: ['signers', index, 'email'], message: 'Each signer needs their own email address' });
    });
    input.fields.forEach((field, index) => {
      if (field.signerIndex >= input.signers.length)
        context.addIssue({
          code: 'custom',
          path: ['fields', index, 'signerIndex'],
          message: 'A place is marked for a signer who is not in the list',
        });
    });
    input.signers.forEach((signer, index) => {
      if (!input.fields.some((field) => field.signerIndex === index && field.kind === 'signature'))
        context.addIssue({ code: 'custom', path: ['fields'], message: `Mark a place for ${signer.name} to sign` });
    });
  });
export type CreateSignatureRequestInput = z.input<typeof createSignatureRequestInputSchema>;

export const voidSignatureRequestInputSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 500).describe(
    'Why it is withdrawn: emailed to each signer still to answer, kept in its history.',
  ),
});

export const signatureRequestListQuerySchema = pageQuerySchema.extend({
  Status: z.enum(SIGNATURE_REQUEST_STATUSES).optional().describe('Only requests in this status.'),
  MatterId: z.uuid().optional().describe('Only requests for documents of this matter.'),
  DocumentId: z.uuid().optional().describe('Only requests for this document.'),
});
export type SignatureRequestListQuery = z.input<typeof signatureRequestListQuerySchema>;

/** A signature or initials the signer adopts: typed (stamped in a script-like font) or drawn (a PNG). */
export const adoptedMarkSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('typed').describe('Typed: the text is stamped.'),
    text: requiredText('Typed signature', SIGNATURE_REQUEST_LIMITS.maxTypedCharacters).describe('The typed signature or initials.'),
  }),
  z.strictObject({
    kind: z.literal('drawn').describe('Drawn: the image is stamped.'),
    image: z
      .string()
      .max(SIGNATURE_REQUEST_LIMITS.maxDrawnImageCharacters, 'The drawn signature is too large: clear it and draw it smaller, or type it')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'A drawn signature must be a PNG image')
      .describe('The drawing as a data URL, data:image/png;base64,… (at most 100,000 characters).'),
  }),
]);
export type AdoptedMark = z.infer<typeof adoptedMarkSchema>;

/** POST …/sign: the signer's adopted marks, applied at every one of their places. */
export const signInputSchema = z.strictObject({
  signature: adoptedMarkSchema.describe('The adopted signature, stamped at each of the signer’s signature places.'),
  initials: adoptedMarkSchema
    .nullable()
    .describe('The adopted initials, stamped at each initials place; required when the signer has one, else null.'),
  fieldIds: z
    .array(z.uuid())
    .max(SIGNATURE_REQUEST_LIMITS.maxFields)
    .describe('Every place of the signer’s that they signed: all of their signature and initials places, each once.'),
});
export type SignInput = z.input<typeof signInputSchema>;

export const declineInputSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 500).describe('Why the signer declines: told to the sender, kept in the request’s history.'),
});

export const consentInputSchema = z.strictObject({
  isAgreed: z
    .literal(true, { error: 'Tick the box to agree to sign electronically' })
    .describe('True: the signer agrees to the consent text.'),
});
