import { z } from 'zod';
import { trustPlaceFields } from './trust.schemas.ts';
import { isoDate, optionalEmail, optionalText, queryBoolean, requiredId, requiredText } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

/**
 * Trust requests (retainer requests, issue 16): ask a client for funds into trust, sent by email
 * with a public link /billing/trust-accounting/[slug]. Calls under /api/admin/trust-account/.
 */

export const TRUST_REQUEST_STATUSES = ['Draft', 'AwaitingApproval', 'Sent', 'PartlyPaid', 'Paid', 'Cancelled'] as const;
export type TrustRequestStatus = (typeof TRUST_REQUEST_STATUSES)[number];
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
  clientId: requiredId('Client is required'),
  matterId: optionalMatterId,
  amount: requestAmount,
  dueDate: z.string({ error: 'Due date is required' }).trim().min(1, 'Due date is required').pipe(isoDate('Due date')),
  note: optionalText('Note', 2000),
};

/** POST create-trust-request: a Draft. */
export const createTrustRequestSchema = z.strictObject({ trustAccountId: requiredId('Trust account is required'), ...requestFields });
export type CreateTrustRequestInput = z.input<typeof createTrustRequestSchema>;
export type CreateTrustRequestParsed = z.output<typeof createTrustRequestSchema>;

/** PUT update-trust-request/{id}: a Draft only. */
export const updateTrustRequestSchema = createTrustRequestSchema;
export type UpdateTrustRequestInput = CreateTrustRequestInput;

/** POST send-trust-request/{id}: to the client's email unless another is given; an optional message. */
export const sendTrustRequestSchema = z.strictObject({
  toEmail: optionalEmail('Email'),
  message: optionalText('Message', 2000),
});
export type SendTrustRequestInput = z.input<typeof sendTrustRequestSchema>;

export const cancelTrustRequestSchema = z.strictObject({ reason: requiredText('Reason', 500) });
export type CancelTrustRequestInput = z.input<typeof cancelTrustRequestSchema>;

export const trustRequestSchema = z.object({
  id: z.string(),
  /** TRQ-00001 */
  requestNumber: z.string(),
  ...trustPlaceFields,
  /** Where Send emails the request unless told otherwise (the confirmation names it); null: no email. */
  clientEmail: z.string().nullable(),
  amount: z.string(),
  paidAmount: z.string(),
  /** amount − paid, never below zero. */
  balanceDue: z.string(),
  dueDate: z.string(),
  note: z.string(),
  status: z.enum(TRUST_REQUEST_STATUSES),
  statusLabel: z.string(),
  /** Approved by a second person (AwaitingApproval → ready to send). */
  isApproved: z.boolean(),
  isTopUp: z.boolean(),
  assignedUserId: z.string().nullable(),
  assignedUserName: z.string().nullable(),
  sentToEmail: z.string().nullable(),
  sentAt: z.string().nullable(),
  approvedByUserName: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdByUserId: z.string(),
  createdByUserName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The firm's rule: requests are approved by a second person before they are sent. */
  isApprovalRequired: z.boolean(),
});
export type TrustRequest = z.infer<typeof trustRequestSchema>;

/** POST send-trust-request/{id}: the request, and its public link (shown once: only a hash is kept). */
export const trustRequestSentSchema = z.object({
  request: trustRequestSchema,
  slug: z.string(),
  url: z.string(),
  /** Where the email went; null when the client has no email (share the link by hand). */
  emailedTo: z.string().nullable(),
});
export type TrustRequestSent = z.infer<typeof trustRequestSentSchema>;

/** GET get-trust-requests (IsDownlodCsv=true: text/csv). */
export const trustRequestListQuerySchema = pageQuerySchema.extend({
  Status: z
    .enum(TRUST_REQUEST_STATUSES, { error: 'Status must be Draft, AwaitingApproval, Sent, PartlyPaid, Paid or Cancelled' })
    .optional(),
  ClientId: z.uuid('Client is not valid').optional(),
  MatterId: z.uuid('Matter is not valid').optional(),
  TrustAccountId: z.uuid('Trust account is not valid').optional(),
  GeneralSearchText: z.string().trim().max(200).optional(),
  IsDownlodCsv: queryBoolean,
});
export type TrustRequestListQuery = z.input<typeof trustRequestListQuerySchema>;
export const trustRequestListItemSchema = trustRequestSchema.omit({ isApprovalRequired: true });
export type TrustRequestListItem = z.infer<typeof trustRequestListItemSchema>;
export const trustRequestPageSchema = pageSchema(trustRequestListItemSchema).extend({ isApprovalRequired: z.boolean() });
export type TrustRequestPage = z.infer<typeof trustRequestPageSchema>;

export const trustRequestSlugParamsSchema = z.object({ slug: z.string().trim().max(64) });

/**
 * GET /api/public/trust-request/{slug}: what the client sees, and nothing else of the firm: its
 * name and logo, what is asked, where to pay it, and the client's trust balance.
 */
export const publicTrustRequestSchema = z.object({
  firm: z.object({ name: z.string(), logo: z.string().nullable() }),
  requestNumber: z.string(),
  status: z.enum(TRUST_REQUEST_STATUSES),
  statusLabel: z.string(),
  clientName: z.string(),
  matter: z.object({ matterNumber: z.string().nullable(), name: z.string() }).nullable(),
  currencySymbol: z.string(),
  amount: z.string(),
  paidAmount: z.string(),
  balanceDue: z.string(),
  dueDate: z.string(),
  note: z.string(),
  /** Where to pay; null once cancelled. */
  bank: z
    .object({
      accountName: z.string(),
      bankName: z.string(),
      accountNumberMasked: z.string(),
      paymentInstructions: z.string(),
    })
    .nullable(),
  /** The client's current balance in this trust account (for the request's matter when it names one). */
  trustBalance: z.string(),
});
export type PublicTrustRequest = z.infer<typeof publicTrustRequestSchema>;
