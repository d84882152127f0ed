import { z } from 'zod';
import { pageSchema } from '../common/pagination.ts';
import { SIGNATURE_FIELD_KINDS, SIGNER_KINDS } from './signature-request-inputs.ts';
import { SIGNATURE_REQUEST_STATUSES, SIGNER_STATUSES, SIGNING_ORDERS } from './signature-request-states.ts';

/** Online signing (issue 45, ADR 79): what the calls answer and say. */
export const SIGNATURE_REQUEST_MESSAGES = {
  created: 'Sent for signature',
  voided: 'Request withdrawn',
  reminded: 'Reminders sent',
  sealingRetried: 'Sealing queued again',
  consented: 'Thank you: you can now sign',
  signed: 'Signed. Thank you',
  declined: 'You declined to sign',
  notPdf: 'Only a PDF can be sent for signature: convert the document to PDF first',
  notReadable: 'The document cannot be sent yet: it is still being scanned, or the scanner refused it',
  pageOutOfRange: (index: number, pages: number) => `Place ${index + 1} is on a page the document does not have (it has ${pages})`,
  expiryTooSoon: 'The expiry date must be after today',
  expiryTooLate: 'The expiry date must be within a year',
  documentChanged: 'The document was changed after it was sent, so it cannot be signed. Ask the sender to send it again.',
  fieldMissing: 'Sign every place marked for you before you finish',
  fieldNotYours: 'A place you signed is not one of yours: reload the page',
  initialsMissing: 'Adopt your initials: this document has places for them',
  drawnUnreadable: 'The drawn signature could not be read: clear it and draw it again, or type it',
  linkNotFound: 'This signing link is not valid. Check that you copied the whole link, or ask the sender for a new one.',
  consentText:
    'I agree to use electronic records and signatures for this document. My electronic signature is as binding as my handwritten signature. I can ask the sender for a paper copy.',
} as const;

export const signingTokenParamsSchema = z.object({
  token: z
    .string()
    .trim()
    .max(64)
    .describe('The signer’s secret from their link (43 characters after /sign/): only its hash is kept; a wrong one answers 404.'),
});

export const signatureFieldSchema = z.object({
  id: z.string().describe('The place’s id.'),
  signerId: z.string().describe('The signer it is for.'),
  kind: z.enum(SIGNATURE_FIELD_KINDS).describe('signature, initials, date (the date signed) or name (the signer’s name).'),
  page: z.number().describe('The page it is on, from 1.'),
  x: z.number().describe('Its left edge, as a fraction of the page’s width from the left.'),
  y: z.number().describe('Its top edge, as a fraction of the page’s height from the top.'),
  width: z.number().describe('Its width as a fraction of the page’s width.'),
  height: z.number().describe('Its height as a fraction of the page’s height.'),
  signedAt: z.string().nullable().describe('When its signer signed it (ISO 8601 UTC); null until then.'),
});
export type SignatureField = z.infer<typeof signatureFieldSchema>;

export const signerSchema = z.object({
  id: z.string().describe('The signer’s id.'),
  order: z.number().describe('Their place in the signing order, from 1.'),
  name: z.string().describe('Their full name.'),
  email: z.string().describe('Where their link is emailed.'),
  kind: z.enum(SIGNER_KINDS).describe('clientContact, lead, firmUser or other.'),
  clientContactId: z.string().nullable().describe('The client contact they are; null otherwise.'),
  leadId: z.string().nullable().describe('The lead they are; null otherwise.'),
  userId: z.string().nullable().describe('The firm member they are; null otherwise.'),
  status: z.enum(SIGNER_STATUSES).describe('Waiting, Sent, Viewed, Consented, Signed or Declined.'),
  sentAt: z.string().nullable().describe('When their link was first emailed (their turn came); null while Waiting.'),
  viewedAt: z.string().nullable().describe('When they first opened the request; null until then.'),
  consentedAt: z.string().nullable().describe('When they agreed to sign electronically; null until then.'),
  signedAt: z.string().nullable().describe('When they signed; null until then.'),
  declinedAt: z.string().nullable().describe('When they declined; null unless they did.'),
  declineReason: z.string().nullable().describe('Why they declined; null unless they did.'),
  lastRemindedAt: z.string().nullable().describe('When they were last reminded; null if never.'),
  reminderCount: z.number().describe('How many reminders they were sent.'),
});
export type Signer = z.infer<typeof signerSchema>;

export const SIGNATURE_EVENT_KINDS = [
  'created',
  'sent',
  'viewed',
  'consented',
  'signed',
  'declined',
  'reminded',
  'voided',
  'expired',
  'sealed',
  'emailed',
  'sealingFailed',
  'sealingRetried',
] as const;

export const signatureEventSchema = z.object({
  at: z.string().describe('When it happened (ISO 8601 UTC).'),
  kind: z
    .enum(SIGNATURE_EVENT_KINDS)
    .describe(
      'What happened: created, sent, viewed, consented, signed, declined, reminded, voided, expired, sealed, emailed, sealingFailed (the sealing job gave up after its attempts) or sealingRetried (a member queued it again).',
    ),
  signerId: z.string().nullable().describe('The signer it concerns; null for the request as a whole.'),
  actorName: z.string().describe('Who did it: the signer, the firm’s member, or Matterhorn for what its jobs did.'),
  ipAddress: z.string().nullable().describe('The address the step came from (signers’ steps and the sender’s); null for jobs.'),
  userAgent: z.string().nullable().describe('The browser the step came from; null for jobs.'),
  detail: z.string().nullable().describe('A reason (decline, void) or what was sealed; null otherwise.'),
});
export type SignatureEvent = z.infer<typeof signatureEventSchema>;

export const signatureRequestListItemSchema = z.object({
  id: z.string().describe('The request’s id.'),
  title: z.string().describe('What the signers are asked to sign.'),
  status: z.enum(SIGNATURE_REQUEST_STATUSES).describe('Sent, Sealing, Completed, Declined, Voided or Expired.'),
  documentId: z.string().describe('The document sent.'),
  documentName: z.string().describe('The document’s name.'),
  matterId: z.string().nullable().describe('The matter whose documents it is in; null outside a matter.'),
  signerCount: z.number().describe('How many signers it has.'),
  signedCount: z.number().describe('How many have signed.'),
  signerNames: z.array(z.string()).describe('The signers’ names in signing order.'),
  createdAt: z.string().describe('When it was sent (ISO 8601 UTC).'),
  createdByName: z.string().describe('Who sent it.'),
  expiresAt: z
    .string()
    .describe('When it expires unless everyone has signed (ISO 8601 UTC): the end of its expiry date in the firm’s time zone.'),
  completedAt: z.string().nullable().describe('When the sealed PDF was filed; null until then.'),
  isSealingFailed: z
    .boolean()
    .describe('Everyone signed but the sealing job failed at each of its attempts: the request waits for Try again (retry-sealing).'),
});
export type SignatureRequestListItem = z.infer<typeof signatureRequestListItemSchema>;

export const signatureRequestPageSchema = pageSchema(signatureRequestListItemSchema);

/** One request with its signers, places and history; the page reads its actions from the state machine. */
export const signatureRequestSchema = signatureRequestListItemSchema.extend({
  message: z.string().nullable().describe('The sender’s note to the signers; null for none.'),
  signingOrder: z.enum(SIGNING_ORDERS).describe('inOrder or allAtOnce.'),
  clientId: z.string().nullable().describe('The client whose documents it is in; null in firm-wide folders.'),
  documentVersionNumber: z.number().describe('The version sent for signature.'),
  documentSha256: z
    .string()
    .describe('The SHA-256 of the PDF sent, recorded when it was sent; each signature checks the document still has it.'),
  signedDocumentSha256: z
    .string()
    .nullable()
    .describe('The SHA-256 of the stamped PDF with its certificate page, before the digital seal is applied; null until sealed.'),
  signedVersionNumber: z.number().nullable().describe('The document’s version the sealed PDF was filed as; null until then.'),
  voidedAt: z.string().nullable().describe('When it was withdrawn; null unless it was.'),
  voidReason: z.string().nullable().describe('Why it was withdrawn; null unless it was.'),
  openSignerCount: z.number().describe('Signers whose turn it is and who have not answered (the state machine’s facts).'),
  signers: z.array(signerSchema).describe('The signers in signing order.'),
  fields: z.array(signatureFieldSchema).describe('The places marked on the pages.'),
  events: z.array(signatureEventSchema).describe('Its history, oldest first.'),
});
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;

/** The signing page: what the signer sees (no other signer’s email, no firm ids). */
export const signingViewSchema = z.object({
  firmName: z.string().describe('The firm that sent it.'),
  senderName: z.string().describe('The member who sent it.'),
  title: z.string().describe('What the signer is asked to sign.'),
  message: z.string().nullable().describe('The sender’s note; null for none.'),
  documentName: z.string().describe('The document’s name.'),
  signerName: z.string().describe('The signer’s name as the sender entered it (stamped in name places).'),
  signerEmail: z.string().describe('The signer’s email address.'),
  requestStatus: z
    .enum(SIGNATURE_REQUEST_STATUSES)
    .describe('The request’s status (Expired once its expiry passed, even before the job marks it).'),
  signerStatus: z.enum(SIGNER_STATUSES).describe('The signer’s own status.'),
  notice: z
    .string()
    .nullable()
    .describe(
      'What happened, when there is nothing for the signer to do (completed, withdrawn, expired, declined, signed, not their turn); null while they can sign.',
    ),
  consentText: z.string().describe('What the signer agrees to before signing electronically.'),
  expiresAt: z.string().describe('When the link stops working (ISO 8601 UTC).'),
  documentUrl: z.string().nullable().describe('Where to read the PDF (GET, no sign-in) while the signer can sign; null otherwise.'),
  fields: z.array(signatureFieldSchema).describe('The signer’s own places while they can sign; empty otherwise.'),
  signedAt: z.string().nullable().describe('When the signer signed; null until then.'),
});
export type SigningView = z.infer<typeof signingViewSchema>;

/** A request the signed-in portal client is a signer on (matched by their portal account’s email). */
export const portalSignatureRequestSchema = z.object({
  id: z.string().describe('The request’s id.'),
  title: z.string().describe('What they are asked to sign.'),
  documentName: z.string().describe('The document’s name.'),
  requestStatus: z.enum(SIGNATURE_REQUEST_STATUSES).describe('The request’s status.'),
  signerStatus: z.enum(SIGNER_STATUSES).describe('Their own status on it.'),
  sentAt: z.string().describe('When it was sent (ISO 8601 UTC).'),
  expiresAt: z.string().describe('When it expires (ISO 8601 UTC).'),
  signedAt: z.string().nullable().describe('When they signed; null until then.'),
  signingToken: z.string().nullable().describe('Their signing link’s secret (open /sign/{token}) while they can sign; null otherwise.'),
});
export type PortalSignatureRequest = z.infer<typeof portalSignatureRequestSchema>;
