import { z } from 'zod';
import { pageSchema } from '../common/pagination.ts';
import { INVOICE_STATUSES, recordPaymentSchema } from '../invoices/invoice.schemas.ts';
import { portalMatterSchema } from './client-portal.schemas.ts';
import { currencyAmountSchema } from './portal-statement.schemas.ts';

/*
 * What a signed-in client reads and does in the portal (issue 19). Apart from the sign-in schemas,
 * which every page's entry carries, so that only the portal's own pages load these.
 */

/** A hearing the firm shared with the client: a shared court update's next adjourned date. */
export const portalCourtDateSchema = z.object({
  courtUpdateId: z.string(),
  matterId: z.string(),
  matterName: z.string(),
  court: z.string(),
  suitNumber: z.string(),
  /** ISO date, in the firm's calendar. */
  date: z.string(),
  /** HH:MM, or null for a date without a time. */
  time: z.string().nullable(),
  purpose: z.string().nullable(),
});
export type PortalCourtDate = z.infer<typeof portalCourtDateSchema>;

/** A progress note or court update the firm shared on a matter, as the client reads it. */
// A plain union (the kinds are literals): discriminatedUnion would add its own code to the zod chunk every page loads.
export const portalMatterUpdateSchema = z.union([
  z.object({
    kind: z.literal('note'),
    id: z.string(),
    date: z.string(),
    title: z.string(),
    /** Sanitised when the note was saved (progress notes' rich-text rules). */
    bodyHtml: z.string(),
  }),
  z.object({
    kind: z.literal('courtUpdate'),
    id: z.string(),
    date: z.string(),
    court: z.string(),
    suitNumber: z.string(),
    judge: z.string().nullable(),
    outcome: z.string(),
    nextAdjournedDate: z.string().nullable(),
    nextAdjournedTime: z.string().nullable(),
    nextAdjournedPurpose: z.string().nullable(),
    nextSteps: z.string().nullable(),
  }),
]);
export type PortalMatterUpdate = z.infer<typeof portalMatterUpdateSchema>;

/** GET /api/client-portal/get-matter/{id}: one of the client's matters with what the firm shared on it, newest first. */
export const portalMatterDetailSchema = portalMatterSchema.extend({ updates: z.array(portalMatterUpdateSchema) });
export type PortalMatterDetail = z.infer<typeof portalMatterDetailSchema>;

/** GET /api/client-portal/get-overview: the client's matters, their next court dates and what was shared lately. */
export const portalOverviewSchema = z.object({
  matters: z.array(portalMatterSchema),
  nextCourtDates: z.array(portalCourtDateSchema),
  recentlyShared: z.array(
    z.object({
      kind: z.enum(['note', 'courtUpdate']),
      id: z.string(),
      matterId: z.string(),
      matterName: z.string(),
      title: z.string(),
      date: z.string(),
    }),
  ),
  /** What the client owes on the invoices sent to them, per currency (none when nothing is owed). */
  balancesDue: z.array(currencyAmountSchema),
  /** What the firm holds in trust for the client, per currency. */
  trustHeld: z.array(currencyAmountSchema),
});
export type PortalOverview = z.infer<typeof portalOverviewSchema>;

/** GET /api/client-portal/get-invoices: one of the client's sent invoices (money as exact decimal text). */
export const portalInvoiceSummarySchema = z.object({
  id: z.string(),
  invoiceNumber: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  statusLabel: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  total: z.string(),
  paidAmount: z.string(),
  balanceDue: z.string(),
  currencySymbol: z.string(),
});
export type PortalInvoiceSummary = z.infer<typeof portalInvoiceSummarySchema>;

/** GET /api/client-portal/get-trust: the client's money held in trust, per ledger, and its movements (newest first, paged). */
export const portalTrustSchema = z.object({
  ledgers: z.array(
    z.object({
      trustAccountName: z.string(),
      currencySymbol: z.string(),
      matterId: z.string().nullable(),
      matterName: z.string().nullable(),
      balance: z.string(),
    }),
  ),
  movements: pageSchema(
    z.object({
      id: z.string(),
      number: z.string(),
      date: z.string(),
      matterName: z.string().nullable(),
      /** In the client's words: what the money was for (Deposit, Payment of invoice INV-00001…). */
      description: z.string(),
      /** + in, − out. */
      signedAmount: z.string(),
      balanceAfter: z.string(),
      currencySymbol: z.string(),
      isCleared: z.boolean(),
    }),
  ),
});
export type PortalTrust = z.infer<typeof portalTrustSchema>;

/**
 * What a message may carry: the files people send a lawyer (documents, scans and photos), checked
 * by their content, at most 10 MB each and 5 on a message.
 */
export const PORTAL_ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/x-cfb': 'Word or Excel (97–2003)',
  'application/vnd.oasis.opendocument.text': 'OpenDocument',
  'application/rtf': 'RTF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/heic': 'HEIC',
  'image/heif': 'HEIC',
  'image/webp': 'WebP',
};
export const PORTAL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const PORTAL_ATTACHMENTS_PER_MESSAGE = 5;
/** What the file picker offers (the server decides by content). */
export const PORTAL_ATTACHMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.odt,.rtf,.jpg,.jpeg,.png,.heic,.webp';

/** A file on a message: downloadable once the scanner has passed it, never when quarantined. */
export const portalMessageAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  scanStatus: z.enum(['scanning', 'available', 'quarantined']),
});
export type PortalMessageAttachment = z.infer<typeof portalMessageAttachmentSchema>;

/** An uploaded file waiting to go on a message (it is already filed in the matter's documents). */
export const uploadedPortalAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
});
export type UploadedPortalAttachment = z.infer<typeof uploadedPortalAttachmentSchema>;
export const portalAttachmentUploadFieldsSchema = z.object({ MatterId: z.uuid({ error: 'Choose the matter the file is for' }) });

/** A secure message on a matter between the firm and its client. */
export const portalMessageSchema = z.object({
  id: z.string(),
  matterId: z.string(),
  senderKind: z.enum(['firm', 'client']),
  /** The fee earner's name, or the client's. */
  senderName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** When the other side read it (the read receipt), null while unread. */
  readAt: z.string().nullable(),
  attachments: z.array(portalMessageAttachmentSchema),
});
export type PortalMessage = z.infer<typeof portalMessageSchema>;

/** A matter's thread, oldest first (a chat reads downwards), the newest page of it. */
export const portalMessageThreadSchema = z.object({
  matterId: z.string(),
  matterName: z.string(),
  messages: z.array(portalMessageSchema),
  hasOlder: z.boolean(),
});
export type PortalMessageThread = z.infer<typeof portalMessageThreadSchema>;

export const PORTAL_MESSAGE_MAX = 5000;
export const sendPortalMessageSchema = z.strictObject({
  matterId: z.uuid({ error: 'Choose the matter the message is about' }),
  body: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(PORTAL_MESSAGE_MAX, `A message is at most ${PORTAL_MESSAGE_MAX} characters`),
  /** Files uploaded for this message (upload-message-attachment), in order. */
  attachmentIds: z
    .array(z.uuid({ error: 'Attach the files again' }))
    .max(PORTAL_ATTACHMENTS_PER_MESSAGE, `Attach at most ${PORTAL_ATTACHMENTS_PER_MESSAGE} files to a message`)
    .refine((ids) => new Set(ids).size === ids.length, 'A file is attached twice')
    .default([]),
});
export type SendPortalMessageInput = z.input<typeof sendPortalMessageSchema>;

export const portalMessagesQuerySchema = z.object({ MatterId: z.uuid({ error: 'Choose the matter' }) });
export const markPortalMessagesReadSchema = z.strictObject({ matterId: z.uuid({ error: 'Choose the matter' }) });

/**
 * POST /api/client-portal/report-bank-transfer (multipart: these fields, then the proof of payment):
 * the client says they paid an invoice by transfer; the firm confirms it before it counts.
 */
export const reportBankTransferFieldsSchema = recordPaymentSchema
  .pick({ amount: true, paymentDate: true, reference: true })
  .extend({
    InvoiceId: z.uuid({ error: 'Choose the invoice you paid' }).optional(),
    /** Instead of an invoice: a trust request the firm sent (the money goes into trust). */
    TrustRequestId: z.uuid({ error: 'Choose the trust request you paid' }).optional(),
  })
  .refine((fields) => Boolean(fields.InvoiceId) !== Boolean(fields.TrustRequestId), {
    error: 'Choose the invoice or the trust request you paid',
    path: ['InvoiceId'],
  });
export type ReportBankTransferFields = z.input<typeof reportBankTransferFieldsSchema>;

export const PAYMENT_REPORT_STATUSES = ['reported', 'confirmed', 'rejected'] as const;
export const paymentReportSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  /** What was paid: an invoice (a payment on it) or a trust request (a deposit into trust). */
  kind: z.enum(['invoice', 'trustRequest']),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  trustRequestId: z.string().nullable(),
  trustRequestNumber: z.string().nullable(),
  currencySymbol: z.string(),
  /** What the invoice (or the trust request) still owes now. */
  balanceDue: z.string(),
  amount: z.string(),
  paymentDate: z.string(),
  reference: z.string().nullable(),
  proofFileName: z.string(),
  status: z.enum(PAYMENT_REPORT_STATUSES),
  reportedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;
export const paymentReportsQuerySchema = z.object({ Status: z.enum(PAYMENT_REPORT_STATUSES).optional() });
export const rejectPaymentReportSchema = z.strictObject({
  reason: z.string({ error: 'Say why the payment is not confirmed' }).trim().min(1, 'Say why the payment is not confirmed').max(500),
});
