/**
 * The invoices module's public surface for other modules (the bill's PDF, LEDES export and public
 * link live in modules/invoice-links): the invoice detail inside a transaction, the send hook's
 * type, the document builders, and the payment path a payment from trust takes.
 */
export { viewOf } from './invoice-view.ts';
export type { InvoiceSendHook } from './send-invoice.ts';
export { buildInvoicePdf, type InvoicePdfFirm, type InvoicePdfInput } from './documents/invoice-pdf.ts';
export { formatLedes, parseLedes, LEDES_FIELDS, type LedesOptions, type LedesRecord } from './documents/ledes.ts';
export { formatLedesInternational, LEDES_BI_FIELDS, type LedesBiOptions } from './documents/ledes-international.ts';
export {
  lockInvoiceForPayment,
  postInvoicePayment,
  reverseTrustPayment,
  type PayableInvoice,
  type PaymentPosting,
} from './invoice-payments.ts';
export { findClientAccountMovements, sumClientBalancesDue, type ClientAccountMovementRow } from './invoice-statement.repository.ts';
export { sumOpenReceivables, type OpenReceivable } from './open-receivables.repository.ts';
export {
  findAgedReceivableInvoices,
  findAgedReceivablesByMatter,
  findOpenReceivablesByAge,
  invoiceCoversMatter,
  invoiceIdCoversMatter,
  invoiceCurrencyCodeOf,
  invoiceMatterNamesOf,
  receivableMatterIdOf,
  type AgedByMatterRow,
  type OwedInvoiceRow,
  type ReceivableFilters,
} from './receivables-as-of.repository.ts';
export { findPayableInvoicesOfClient, type OpenInvoiceOfClient } from './payable-invoices.repository.ts';
export { creditNotePdfOf } from './credit-note-view.ts';
/** What an issued invoice billed and collected for an item, after discounts, credit notes and write-offs (reports). */
export { realisedLineOf, realisedLinesIn } from './line-realisation.repository.ts';
/** The firm's invoice settings, read and changed with their own audit (Settings › General uses them). */
export { changeInvoiceSettings, readInvoiceSettings } from './invoice-settings.ts';
/** A deleted draft out of the recycle bin, its items locked again (the recycle-bin module). */
export { restoreDraftInvoice } from './restore-draft-invoice.ts';
/** A receivable brought over from a previous system, as an issued opening invoice (the bulk-import module). */
export { importOpeningInvoice, type OpeningInvoice } from './import-opening-invoice.ts';
/** Pre-bill review: a draft changed and saved as its edit would be, approved in one step, approved and sent in a batch. */
export {
  approveAndSendIn,
  approveReviewedIn,
  reviseDraftIn,
  type ApproveAndSendOutcome,
  type DraftRevision,
  type DraftUnderReview,
} from './review-draft.ts';
/** A draft of a client's unbilled work up to a day, by the create call's rules, or why none (the bill-runs module). */
export { draftUnbilledInvoice, type UnbilledDraftOutcome, type UnbilledDraftRequest } from './draft-unbilled-invoice.ts';
