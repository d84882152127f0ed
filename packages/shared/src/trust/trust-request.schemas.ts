import { z } from 'zod';
import { TRUST_REQUEST_STATUSES, type TrustRequestStatus } from './trust-request-statuses.ts';
import { trustPlaceFields } from './trust.schemas.ts';
import {
  optionalEmail,
  optionalMultilineText,
  queryBoolean,
  requiredId,
  requiredIsoDate,
  requiredMultilineText,
} from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

/**
 * Trust requests (retainer requests, issue 16): ask a client for funds into trust, sent by email
 * with a public link /billing/trust-accounting/[slug]. Calls under /api/admin/trust-account/.
 */

export { TRUST_REQUEST_STATUSES, type TrustRequestStatus } from './trust-request-statuses.ts';
export const TRUST_REQUEST_STATUS_LABELS: Record<TrustRequestStatus, string> = {
  Draft: 'Draft',
  AwaitingApproval: 'Awaiting approval',
  Sent: 'Sent',
  PartlyPaid: 'Partly paid',
  Paid: 'Paid',
  Cancelled: 'Cancelled',
};
/** An approved request waits to be sent: still AwaitingApproval, shown as this. */
export const TRUST_REQUEST_APPROVED_LABEL = 'Approved, ready to send';

/** A public link's slug: 22 base64url characters (16 random bytes). */
export const TRUST_REQUEST_SLUG_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const TRUST_REQUEST_MESSAGES = {
  notDraft: 'Only a draft trust request can be changed',
  approvalNotRequired: 'This firm does not require approval of trust requests: send it instead',
  notAwaitingApproval: 'This trust request is not awaiting approval',
  alreadyApproved: 'This trust request is already approved',
  ownApproval: 'You cannot approve a trust request you created: a second person must approve it',
  needsApproval: 'This trust request needs approval before it is sent',
  notSendable: 'This trust request cannot be sent in its current status',
  alreadyCancelled: 'This trust request is already cancelled',
  paidNotCancellable: 'A paid trust request cannot be cancelled',
  matterNotOfClient: 'The matter does not belong to the chosen client',
  accountInactive: 'This trust account is closed to new requests',
  amountPositive: 'Amount must be greater than 0',
  linkNotFound: 'This trust request link is not valid. It may have been replaced: ask the firm for a new one.',
  dueDateInPast: 'The due date cannot be in the past',
  draftDueDatePassed: 'The due date has passed: change it before sending the request',
} as const;

const requestAmount = z
  .union([z.string(), z.number()], { error: 'Amount is required' })
  .transform((value) => String(value).trim().replace(/,/g, ''))
  .refine((value) => value !== '', 'Amount is required')
  .refine((value) => value === '' || /^\d{1,12}(\.\d{1,2})?$/.test(value), 'Amount must be an amount with at most 2 decimals')
  .refine((value) => !/^\d{1,12}(\.\d{1,2})?$/.test(value) || /[1-9]/.test(value), TRUST_REQUEST_MESSAGES.amountPositive);

const optionalMatterId = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.uuid().safeParse(value).success, 'Matter is not valid');

const requestFields = {
  clientId: requiredId('Client is required').describe('The client asked for the funds; not found in the firm: 400.'),
  matterId: optionalMatterId.describe(
    'The client’s matter the funds are for; blank or null: the client’s general trust funds. Another client’s matter is refused (400).',
  ),
  amount: requestAmount.describe(
    'The amount asked for: more than 0 with at most 2 decimals, as a decimal string (or number) in the trust account’s currency; commas are ignored.',
  ),
  dueDate: requiredIsoDate('Due date').describe(
    'The date the funds are due, YYYY-MM-DD; before today in the firm’s time zone is refused (400).',
  ),
  note: optionalMultilineText('Note', 2000).describe('A note to the client, shown with the request, up to 2000 characters; blank: none.'),
};

/** POST create-trust-request: a Draft. */
export const createTrustRequestSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required').describe(
    'The trust account the client is asked to pay into; it must be open (400 when closed or not found).',
  ),
  ...requestFields,
});
export type CreateTrustRequestInput = z.input<typeof createTrustRequestSchema>;
export type CreateTrustRequestParsed = z.output<typeof createTrustRequestSchema>;

/** PUT update-trust-request/{id}: a Draft only. */
export const updateTrustRequestSchema = createTrustRequestSchema;
export type UpdateTrustRequestInput = CreateTrustRequestInput;

/** POST send-trust-request/{id}: to the client's email unless another is given; an optional message. */
export const sendTrustRequestSchema = z.strictObject({
  toEmail: optionalEmail('Email').describe(
    'The address to email the request to; blank: the client’s own email (none is sent when the client has none).',
  ),
  message: optionalMultilineText('Message', 2000).describe(
    'The email’s words in place of the standard sentence, up to 2000 characters; the link is always added; blank: the standard sentence.',
  ),
});
export type SendTrustRequestInput = z.input<typeof sendTrustRequestSchema>;

export const cancelTrustRequestSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 500).describe('Why the request is cancelled, up to 500 characters.'),
});
export type CancelTrustRequestInput = z.input<typeof cancelTrustRequestSchema>;

export const trustRequestSchema = z.object({
  id: z.string().describe('The trust request’s id.'),
  /** TRQ-00001 */
  requestNumber: z.string().describe('The request’s number, TRQ-00001 onwards, per firm.'),
  ...trustPlaceFields,
  /** Where Send emails the request unless told otherwise (the confirmation names it); null: no email. */
  clientEmail: z
    .string()
    .nullable()
    .describe('The client’s email, where sending emails the request unless another address is given; null: the client has none.'),
  amount: z.string().describe('The amount asked for, an exact decimal string in the trust account’s currency, e.g. "1250.00".'),
  paidAmount: z
    .string()
    .describe('What deposits recorded against the request have paid so far (less any reversed), an exact decimal string.'),
  /** amount − paid, never below zero. */
  balanceDue: z.string().describe('amount − paidAmount, never below "0.00": what the request still asks for.'),
  dueDate: z.string().describe('The date the funds are due, YYYY-MM-DD.'),
  note: z.string().describe('The note to the client; empty when none.'),
  status: z
    .enum(TRUST_REQUEST_STATUSES)
    .describe(
      'Draft; AwaitingApproval (submitted, see isApproved); Sent; PartlyPaid and Paid as deposits are recorded against it; Cancelled.',
    ),
  statusLabel: z.string().describe('The status in words; an approved request not yet sent reads "Approved, ready to send".'),
  /** Approved by a second person (AwaitingApproval → ready to send). */
  isApproved: z.boolean().describe('true once a second person approved it; it stays AwaitingApproval until it is sent.'),
  isTopUp: z
    .boolean()
    .describe('true: drafted automatically when money leaving an evergreen retainer took the matter below its minimum trust balance.'),
  assignedUserId: z
    .string()
    .nullable()
    .describe('The team member responsible for it: its creator, or for a top-up the matter’s responsible fee earner; null: none.'),
  assignedUserName: z.string().nullable().describe('That team member’s name; null: none.'),
  sentToEmail: z
    .string()
    .nullable()
    .describe('The address it was last emailed to; null: never sent, or sent to a client without an email (the link shared by hand).'),
  sentAt: z.string().nullable().describe('When it was last sent, ISO 8601 UTC; null: never sent.'),
  approvedByUserName: z.string().nullable().describe('The second person who approved it; null: not approved.'),
  cancelReason: z.string().nullable().describe('Why it was cancelled; null unless Cancelled.'),
  createdByUserId: z.string().describe('The user who drafted it; they cannot approve it.'),
  createdByUserName: z.string().describe('That user’s name.'),
  createdAt: z.string().describe('When it was drafted, ISO 8601 UTC.'),
  updatedAt: z.string().describe('When it last changed, ISO 8601 UTC.'),
  /** The firm's rule: requests are approved by a second person before they are sent. */
  isApprovalRequired: z.boolean().describe('The firm’s rule: true when requests need a second person’s approval before they are sent.'),
});
export type TrustRequest = z.infer<typeof trustRequestSchema>;

/** POST send-trust-request/{id}: the request, and its public link (shown once: only a hash is kept). */
export const trustRequestSentSchema = z.object({
  request: trustRequestSchema.describe('The request as sent.'),
  slug: z
    .string()
    .describe('The public link’s secret (22 characters), answered only now: only its hash is kept, and it replaces any earlier link.'),
  url: z.string().describe('The public link in full, {server}/billing/trust-accounting/{slug}, for the client.'),
  /** Where the email went; null when the client has no email (share the link by hand). */
  emailedTo: z.string().nullable().describe('Where the email was queued; null when the client has no email (share the link by hand).'),
});
export type TrustRequestSent = z.infer<typeof trustRequestSentSchema>;

/** GET get-trust-requests (IsDownlodCsv=true: text/csv). */
export const trustRequestListQuerySchema = pageQuerySchema.extend({
  Status: z
    .enum(TRUST_REQUEST_STATUSES, { error: 'Status must be Draft, AwaitingApproval, Sent, PartlyPaid, Paid or Cancelled' })
    .optional()
    .describe('Only requests in this status.'),
  ClientId: z.uuid('Client is not valid').optional().describe('Only this client’s requests.'),
  MatterId: z.uuid('Matter is not valid').optional().describe('Only requests for this matter.'),
  TrustAccountId: z.uuid('Trust account is not valid').optional().describe('Only requests to pay into this trust account.'),
  GeneralSearchText: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Text found anywhere (any case) in the request number, the note or the client’s name; up to 200 characters.'),
  IsDownlodCsv: queryBoolean.describe('"true" or "1": answer the whole filtered list as a CSV file (text/csv) instead of a page.'),
});
export type TrustRequestListQuery = z.input<typeof trustRequestListQuerySchema>;
export const trustRequestListItemSchema = trustRequestSchema.omit({ isApprovalRequired: true });
export type TrustRequestListItem = z.infer<typeof trustRequestListItemSchema>;
export const trustRequestPageSchema = pageSchema(trustRequestListItemSchema).extend({
  isApprovalRequired: z.boolean().describe('The firm’s rule: true when requests need a second person’s approval before they are sent.'),
});
export type TrustRequestPage = z.infer<typeof trustRequestPageSchema>;

export const trustRequestSlugParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .max(64)
    .describe('The public link’s secret from send-trust-request (22 characters); a malformed, unknown or replaced one answers 404.'),
});

/**
 * GET /api/public/trust-request/{slug}: what the client sees, and nothing else of the firm: its
 * name and logo, what is asked, where to pay it, and the client's trust balance.
 */
export const publicTrustRequestSchema = z.object({
  firm: z
    .object({
      name: z.string().describe('The firm’s name.'),
      logo: z.string().nullable().describe('The firm’s logo as a data: URL (a base64 PNG, JPEG, GIF, WebP or SVG); null: none.'),
    })
    .describe('The firm asking for the funds.'),
  requestNumber: z.string().describe('The request’s number, e.g. TRQ-00001.'),
  status: z.enum(TRUST_REQUEST_STATUSES).describe('The request’s status; a cancelled request is still shown, as Cancelled.'),
  statusLabel: z.string().describe('The status in words.'),
  clientName: z.string().describe('The client’s display name.'),
  matter: z
    .object({
      matterNumber: z.string().nullable().describe('The matter’s number; null: the matter has none.'),
      name: z.string().describe('The matter’s name.'),
    })
    .nullable()
    .describe('The matter the funds are for; null: the client’s general trust funds.'),
  currencySymbol: z.string().describe('The symbol of the trust account’s currency, e.g. "₦".'),
  amount: z.string().describe('The amount asked for, an exact decimal string in the trust account’s currency.'),
  paidAmount: z.string().describe('What has been paid against the request so far, an exact decimal string.'),
  balanceDue: z.string().describe('What is still asked for, amount − paidAmount, never below "0.00".'),
  dueDate: z.string().describe('The date the funds are due, YYYY-MM-DD.'),
  note: z.string().describe('The firm’s note to the client; empty when none.'),
  /** Where to pay; null once cancelled. */
  bank: z
    .object({
      accountName: z.string().describe('The trust account’s name, to pay to.'),
      bankName: z.string().describe('The bank that holds it.'),
      accountNumberMasked: z.string().describe('Its account number’s last four characters after four bullets, e.g. "••••1234".'),
      paymentInstructions: z.string().describe('How to pay into it, as the firm wrote it; empty when none.'),
    })
    .nullable()
    .describe('Where to pay: the trust account’s bank details; null once the request is cancelled.'),
  /** The client's current balance in this trust account (for the request's matter when it names one). */
  trustBalance: z
    .string()
    .describe(
      'The client’s current balance in this trust account (the matter’s ledger only when the request names one), an exact decimal string.',
    ),
});
export type PublicTrustRequest = z.infer<typeof publicTrustRequestSchema>;
