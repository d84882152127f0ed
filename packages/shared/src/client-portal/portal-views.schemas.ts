import { z } from 'zod';
import { writingSeconds } from '../time-suggestions/writing-seconds.ts';
import { controlCharactersMessage, MULTILINE_PATTERN } from '../common/text-characters.ts';
import { pageSchema } from '../common/pagination.ts';
import { optionalMoneyText } from '../common/fields.ts';
import { INVOICE_STATUSES } from '../invoices/invoice-statuses.ts';
import { portalMatterSchema } from './client-portal.schemas.ts';
import { currencyAmountSchema } from './portal-statement.schemas.ts';

/*
 * What a signed-in client reads and does in the portal (issue 19). Apart from the sign-in schemas,
 * which every page's entry carries, so that only the portal's own pages load these.
 */

/** A hearing the firm shared with the client: a shared court update's next adjourned date. */
export const portalCourtDateSchema = z.object({
  courtUpdateId: z.string().describe('The shared court update that set the date.'),
  matterId: z.string().describe('The matter’s id.'),
  matterName: z.string().describe('The matter’s name.'),
  court: z.string().describe('The court’s name.'),
  suitNumber: z.string().describe('The suit number.'),
  /** ISO date, in the firm's calendar. */
  date: z.string().describe('The hearing’s date (YYYY-MM-DD, in the firm’s time zone).'),
  /** HH:MM, or null for a date without a time. */
  time: z.string().nullable().describe('The hearing’s time (HH:MM, 24-hour, in the firm’s time zone); null when the court gave none.'),
  purpose: z.string().nullable().describe('What the hearing is for; null when not given.'),
});
export type PortalCourtDate = z.infer<typeof portalCourtDateSchema>;

/** A progress note or court update the firm shared on a matter, as the client reads it. */
// A plain union (the kinds are literals): discriminatedUnion would add its own code to the zod chunk every page loads.
export const portalMatterUpdateSchema = z.union([
  z.object({
    kind: z.literal('note').describe('note: a progress note the firm shared.'),
    id: z.string().describe('The progress note’s id.'),
    date: z.string().describe('The note’s date (YYYY-MM-DD).'),
    title: z.string().describe('The note’s title.'),
    /** Sanitised when the note was saved (progress notes' rich-text rules). */
    bodyHtml: z.string().describe('The note’s body as HTML, sanitised when the note was saved.'),
  }),
  z.object({
    kind: z.literal('courtUpdate').describe('courtUpdate: a court update the firm shared.'),
    id: z.string().describe('The court update’s id.'),
    date: z.string().describe('The hearing’s date (YYYY-MM-DD).'),
    court: z.string().describe('The court’s name.'),
    suitNumber: z.string().describe('The suit number.'),
    judge: z.string().nullable().describe('The judge; null when not recorded.'),
    outcome: z.string().describe('What happened at the hearing, in full.'),
    nextAdjournedDate: z.string().nullable().describe('The date the matter is next in court (YYYY-MM-DD); null when none was set.'),
    nextAdjournedTime: z
      .string()
      .nullable()
      .describe('The next hearing’s time (HH:MM, 24-hour, in the firm’s time zone); null when not given.'),
    nextAdjournedPurpose: z.string().nullable().describe('What the next hearing is for; null when not given.'),
    nextSteps: z.string().nullable().describe('What happens next, as the firm wrote it; null when not given.'),
  }),
]);
export type PortalMatterUpdate = z.infer<typeof portalMatterUpdateSchema>;

/** GET /api/client-portal/get-matter/{id}: one of the client's matters with what the firm shared on it, newest first. */
export const portalMatterDetailSchema = portalMatterSchema.extend({
  updates: z
    .array(portalMatterUpdateSchema)
    .describe(
      'The progress notes and court updates the firm shared on the matter, newest first (at most 500); each is recorded as viewed.',
    ),
});
export type PortalMatterDetail = z.infer<typeof portalMatterDetailSchema>;

/** GET /api/client-portal/get-overview: the client's matters, their next court dates and what was shared lately. */
export const portalOverviewSchema = z.object({
  matters: z.array(portalMatterSchema).describe('The client’s matters, open ones first.'),
  nextCourtDates: z
    .array(portalCourtDateSchema)
    .describe('The next 5 hearings from the firm’s today on, soonest first: next adjourned dates of court updates the firm shared.'),
  recentlyShared: z
    .array(
      z.object({
        kind: z.enum(['note', 'courtUpdate']).describe('note: a shared progress note; courtUpdate: a shared court update.'),
        id: z.string().describe('The progress note’s or the court update’s id.'),
        matterId: z.string().describe('The matter’s id.'),
        matterName: z.string().describe('The matter’s name.'),
        title: z.string().describe('The note’s title, or the court update’s court and suit number (“Court – suit number”).'),
        date: z.string().describe('The note’s date or the hearing’s date (YYYY-MM-DD).'),
      }),
    )
    .describe('The 5 notes and court updates shared most recently, newest first.'),
  /** What the client owes on the invoices sent to them, per currency (none when nothing is owed). */
  balancesDue: z
    .array(currencyAmountSchema)
    .describe('What the client owes on the invoices sent to them, per currency; empty when nothing is owed.'),
  /** What the firm holds in trust for the client, per currency. */
  trustHeld: z.array(currencyAmountSchema).describe('What the firm holds in trust for the client, per currency.'),
});
export type PortalOverview = z.infer<typeof portalOverviewSchema>;

/** GET /api/client-portal/get-invoices: one of the client's sent invoices (money as exact decimal text). */
export const portalInvoiceSummarySchema = z.object({
  id: z.string().describe('The invoice’s id.'),
  invoiceNumber: z.string().nullable().describe('The invoice’s number; null when it has none.'),
  status: z
    .enum(INVOICE_STATUSES)
    .describe('The invoice’s status; only invoices sent to the client are listed (never drafts or unsent approvals).'),
  statusLabel: z.string().describe('The status in words, for display.'),
  issueDate: z.string().describe('The invoice’s date (YYYY-MM-DD).'),
  dueDate: z.string().describe('When payment is due (YYYY-MM-DD).'),
  total: z.string().describe('The invoice’s total, an exact decimal string in its currency (e.g. "1250.00").'),
  paidAmount: z.string().describe('What has been paid on it, an exact decimal string.'),
  balanceDue: z.string().describe('What is still owed on it, an exact decimal string.'),
  currencySymbol: z.string().describe('The invoice’s currency symbol, for display.'),
  nextInstalment: z
    .object({
      dueDate: z.string().describe('When the instalment falls due (YYYY-MM-DD).'),
      remainingAmount: z.string().describe('What is left to pay of it, an exact decimal string.'),
      isMissed: z.boolean().describe('true: its due date has passed and it is not fully paid (shown “Overdue since” its due date).'),
    })
    .nullable()
    .optional()
    .describe('The next instalment due of its payment plan (what is left of it): the amount proposed to pay online; null without a plan.'),
});
export type PortalInvoiceSummary = z.infer<typeof portalInvoiceSummarySchema>;

/** GET /api/client-portal/get-trust: the client's money held in trust, per ledger, and its movements (newest first, paged). */
export const portalTrustSchema = z.object({
  ledgers: z
    .array(
      z.object({
        trustAccountName: z.string().describe('The firm’s trust account the money is in.'),
        currencySymbol: z.string().describe('The trust account’s currency symbol, for display.'),
        matterId: z.string().nullable().describe('The matter the ledger is for; null for the client’s ledger for no particular matter.'),
        matterName: z.string().nullable().describe('The matter’s name; null for the client’s ledger for no particular matter.'),
        balance: z.string().describe('What the ledger holds now, an exact decimal string in the account’s currency.'),
      }),
    )
    .describe('The client’s trust ledgers (per trust account, and per matter where the money is held for one) with their balances.'),
  movements: pageSchema(
    z.object({
      id: z.string().describe('The trust movement’s id.'),
      number: z.string().describe('The trust movement’s number.'),
      date: z.string().describe('The movement’s date (YYYY-MM-DD).'),
      matterName: z.string().nullable().describe('The matter it concerns; null when none.'),
      /** In the client's words: what the money was for (Deposit, Payment of invoice INV-00001…). */
      description: z.string().describe('What the money was for, in the client’s words (Deposit, Payment of invoice INV-00001…).'),
      /** + in, − out. */
      signedAmount: z.string().describe('Signed exact decimal string: + money in, − money out.'),
      balanceAfter: z.string().describe('The ledger’s balance after the movement, an exact decimal string.'),
      currencySymbol: z.string().describe('The currency symbol, for display.'),
      isCleared: z.boolean().describe('false: the funds (e.g. a cheque) have not cleared yet; true: cleared.'),
    }),
  ).describe('The client’s trust movements, newest first, one page of them (page and size in the query).'),
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
  id: z.string().describe('The attachment’s id, for download-message-attachment/{id}.'),
  fileName: z.string().describe('The file’s name.'),
  contentType: z.string().describe('The file’s media type, as found from its content.'),
  sizeBytes: z.number().describe('The file’s size in bytes.'),
  scanStatus: z
    .enum(['scanning', 'available', 'quarantined'])
    .describe('scanning: not yet downloadable; available: passed the virus scan; quarantined: found unsafe and never downloadable.'),
});
export type PortalMessageAttachment = z.infer<typeof portalMessageAttachmentSchema>;

/** An uploaded file waiting to go on a message (it is already filed in the matter's documents). */
export const uploadedPortalAttachmentSchema = z.object({
  id: z.string().describe('The id of the document the file was filed as: name it in send-message’s attachmentIds.'),
  fileName: z
    .string()
    .describe(
      'The file’s name in the matter’s documents: ending in its content’s type (a PDF named x.html is x.html.pdf), with " (2)", " (3)"… added when the name was taken.',
    ),
  contentType: z.string().describe('The file’s media type, as found from its content.'),
  sizeBytes: z.number().describe('The file’s size in bytes.'),
});
export type UploadedPortalAttachment = z.infer<typeof uploadedPortalAttachmentSchema>;
export const portalAttachmentUploadFieldsSchema = z.object({
  MatterId: z
    .uuid({ error: 'Choose the matter the file is for' })
    .describe('The matter whose thread the file is for (the client’s own matter, for the client).'),
});

/** A secure message on a matter between the firm and its client. */
export const portalMessageSchema = z.object({
  id: z.string().describe('The message’s id.'),
  matterId: z.string().describe('The matter whose thread it is on.'),
  senderKind: z.enum(['firm', 'client']).describe('Who wrote it: firm (one of the firm’s users) or client.'),
  /** The fee earner's name, or the client's. */
  senderName: z.string().describe('The firm user’s name, or the client’s.'),
  body: z.string().describe('The message as plain text (at most 5000 characters).'),
  createdAt: z.string().describe('When it was sent (ISO 8601).'),
  /** When the other side read it (the read receipt), null while unread. */
  readAt: z.string().nullable().describe('When the other side read it (the read receipt, ISO 8601); null while unread.'),
  attachments: z.array(portalMessageAttachmentSchema).describe('The files on the message, in the order they were attached.'),
});
export type PortalMessage = z.infer<typeof portalMessageSchema>;

/** A matter's thread, oldest first (a chat reads downwards), the newest page of it. */
export const portalMessageThreadSchema = z.object({
  matterId: z.string().describe('The matter’s id.'),
  matterName: z.string().describe('The matter’s name.'),
  messages: z.array(portalMessageSchema).describe('The thread’s newest 200 messages, oldest first.'),
  hasOlder: z.boolean().describe('Whether older messages exist beyond those answered (they are kept, not shown).'),
  timeZone: z.string().describe('The firm’s time zone (IANA): each message’s time is shown on the firm’s clock, to both sides.'),
});
export type PortalMessageThread = z.infer<typeof portalMessageThreadSchema>;

export const PORTAL_MESSAGE_MAX = 5000;
export const sendPortalMessageSchema = z.strictObject({
  writingSeconds: writingSeconds.describe(
    'Seconds spent writing, from the firm’s side: the member’s suggested time (optional, 0–7200; ignored from a client).',
  ),
  matterId: z
    .uuid({ error: 'Choose the matter the message is about' })
    .describe('The matter the message is about (the client’s own matter, for the client).'),
  body: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(PORTAL_MESSAGE_MAX, `A message is at most ${PORTAL_MESSAGE_MAX} characters`)
    .regex(MULTILINE_PATTERN, controlCharactersMessage('A message'))
    .describe('The message as plain text, 1 to 5000 characters after trimming.'),
  /** Files uploaded for this message (upload-message-attachment), in order. */
  attachmentIds: z
    .array(z.uuid({ error: 'Attach the files again' }))
    .max(PORTAL_ATTACHMENTS_PER_MESSAGE, `Attach at most ${PORTAL_ATTACHMENTS_PER_MESSAGE} files to a message`)
    .refine((ids) => new Set(ids).size === ids.length, 'A file is attached twice')
    .default([])
    .describe(
      'The ids upload-message-attachment answered, in order, at most 5 and none twice; they must be on this matter (the client’s own uploads, for the client).',
    ),
});
export type SendPortalMessageInput = z.input<typeof sendPortalMessageSchema>;

export const portalMessagesQuerySchema = z.object({
  MatterId: z
    .uuid({ error: 'Choose the matter' })
    .describe('The matter whose thread to read (the client’s own matter, for the client; any other answers 404).'),
});
export const markPortalMessagesReadSchema = z.strictObject({
  matterId: z.uuid({ error: 'Choose the matter' }).describe('The matter whose thread the caller has read.'),
});

export const PAYMENT_REPORT_STATUSES = ['reported', 'confirmed', 'rejected'] as const;
export const paymentReportSchema = z.object({
  id: z.string().describe('The payment report’s id.'),
  clientId: z.string().describe('The reporting client’s id.'),
  clientName: z.string().describe('The reporting client’s name.'),
  /** What was paid: an invoice (a payment on it) or a trust request (a deposit into trust). */
  kind: z.enum(['invoice', 'trustRequest']).describe('What was paid: invoice (a payment on it) or trustRequest (a deposit into trust).'),
  invoiceId: z.string().nullable().describe('The invoice paid; null for a trust request.'),
  invoiceNumber: z.string().nullable().describe('The invoice’s number; null for a trust request or an invoice without one.'),
  trustRequestId: z.string().nullable().describe('The trust request paid; null for an invoice.'),
  trustRequestNumber: z.string().nullable().describe('The trust request’s number; null for an invoice.'),
  currencySymbol: z.string().describe('The currency symbol of the invoice or trust request, for display.'),
  /** What the invoice (or the trust request) still owes now. */
  balanceDue: z.string().describe('What the invoice or trust request still owes now, an exact decimal string in its currency.'),
  amount: z.string().describe('The amount the client says they transferred, an exact decimal string in the same currency.'),
  paymentDate: z.string().describe('The date the client says they paid (YYYY-MM-DD).'),
  reference: z.string().nullable().describe('The client’s transfer reference; null when not given.'),
  proofFileName: z
    .string()
    .describe('The name of the proof of payment the client uploaded (the firm downloads it with download-payment-proof/{id}).'),
  status: z
    .enum(PAYMENT_REPORT_STATUSES)
    .describe(
      'reported: waiting for the firm; confirmed: recorded as a payment or trust deposit; rejected: not recorded (see rejectionReason).',
    ),
  reportedAt: z.string().describe('When the client reported it (ISO 8601).'),
  decidedAt: z.string().nullable().describe('When the firm confirmed or rejected it (ISO 8601); null while reported.'),
  decidedByName: z.string().nullable().describe('The name of the firm user who confirmed or rejected it; null while reported.'),
  rejectionReason: z.string().nullable().describe('Why the firm rejected it, as the client reads it; null unless rejected.'),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;
export const paymentReportsQuerySchema = z.object({
  Status: z
    .enum(PAYMENT_REPORT_STATUSES)
    .optional()
    .describe('Only reports in this status (reported for those waiting); all when left out. The newest 200 are answered.'),
});
/** The firm's confirmation of a reported transfer on an invoice: the money, and the withholding tax the client deducted (ADR 0093). */
export const confirmPaymentReportSchema = z.strictObject({
  withholdingTaxAmount: optionalMoneyText('Withholding tax').describe(
    'For an invoice: the withholding tax the client deducted besides the money it transferred (Dr withholding tax receivable); the transfer + this settles the invoice, never more than the fee part still open to it (400). Omitted or blank: none. Refused (400) for a trust request.',
  ),
});
export type ConfirmPaymentReportInput = z.input<typeof confirmPaymentReportSchema>;
export const rejectPaymentReportSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the payment is not confirmed' })
    .trim()
    .min(1, 'Say why the payment is not confirmed')
    .max(500)
    .regex(MULTILINE_PATTERN, controlCharactersMessage('Reason'))
    .describe('Why the payment is not confirmed, as the client will read it; 1 to 500 characters.'),
});
