import type { z } from 'zod';
import type {
  createCreditNoteSchema,
  CreateInvoiceParsed,
  Invoice,
  markDeliveredSchema,
  recordPaymentSchema,
  voidInvoiceSchema,
  writeOffSchema,
} from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findAgedReceivablesReport } from './aged-receivables.ts';
import { approveInvoice } from './approve-invoice.ts';
import { createCreditNote } from './create-credit-note.ts';
import { createInvoice } from './create-invoice.ts';
import { deleteInvoice } from './delete-invoice.ts';
import { changeInvoice } from './invoice-change.ts';
import { createInvoiceListService } from './invoice-list.service.ts';
import { postInvoicePayment, postPaymentReversal } from './invoice-payments.ts';
import { changeInvoiceSettings, readInvoiceSettings } from './invoice-settings.ts';
import { viewOf } from './invoice-view.ts';
import { markInvoiceDelivered } from './mark-invoice-delivered.ts';
import { rejectInvoice } from './reject-invoice.ts';
import { sendInvoice, type InvoiceSendHook, type SendInput } from './send-invoice.ts';
import { submitInvoice } from './submit-invoice.ts';
import { findUnbilledItems } from './unbilled-items.ts';
import { updateDraftInvoice } from './update-invoice.ts';
import { voidInvoice } from './void-invoice.ts';
import { writeOffInvoice } from './write-off-invoice.ts';

export { agedReceivablesCsv } from './aged-receivables.ts';
export type { InvoiceSendHook } from './send-invoice.ts';

// The bank account is optional to callers inside the app too (the demo seed): omitted, the default for the currency.
type PaymentInput = Omit<z.output<typeof recordPaymentSchema>, 'bankAccountId' | 'withholdingTaxAmount'> & {
  bankAccountId?: string | null;
  withholdingTaxAmount?: string | null;
};

export type InvoiceService = ReturnType<typeof createInvoiceService>;

/**
 * The invoices module's use cases, one file each (create-invoice.ts, approve-invoice.ts, …): each
 * locks the invoice, checks the shared state table, writes, posts (invoices.postings.ts) and
 * audits in one transaction. The routes call this object; app.ts hands it the send hook.
 */
export function createInvoiceService(database: Database, hooks: { onSend?: InvoiceSendHook } = {}) {
  return {
    settings: (principal: FirmPrincipal) => readInvoiceSettings(database, principal),
    updateSettings: (principal: FirmPrincipal, input: Parameters<typeof changeInvoiceSettings>[2]) =>
      changeInvoiceSettings(database, principal, input),
    unbilledItems: (principal: FirmPrincipal, query: Parameters<typeof findUnbilledItems>[2]) =>
      findUnbilledItems(database, principal, query),

    create: (principal: FirmPrincipal, input: CreateInvoiceParsed) => createInvoice(database, principal, input),
    view: (principal: FirmPrincipal, invoiceId: string): Promise<Invoice> =>
      database.withFirm(principal.firmId, (tx) => viewOf(tx, principal, invoiceId), READ_ONLY),
    update: (principal: FirmPrincipal, invoiceId: string, input: CreateInvoiceParsed) =>
      updateDraftInvoice(database, principal, invoiceId, input),
    remove: (principal: FirmPrincipal, invoiceId: string) => deleteInvoice(database, principal, invoiceId),

    submitForApproval: (principal: FirmPrincipal, invoiceId: string, note: string | null) =>
      submitInvoice(database, principal, invoiceId, note),
    approve: (principal: FirmPrincipal, invoiceId: string, note: string | null) => approveInvoice(database, principal, invoiceId, note),
    reject: (principal: FirmPrincipal, invoiceId: string, reason: string) => rejectInvoice(database, principal, invoiceId, reason),
    send: (principal: FirmPrincipal, invoiceId: string, input: SendInput) => sendInvoice(database, hooks, principal, invoiceId, input),
    markDelivered: (principal: FirmPrincipal, invoiceId: string, input: z.output<typeof markDeliveredSchema>) =>
      markInvoiceDelivered(database, principal, invoiceId, input),
    void: (principal: FirmPrincipal, invoiceId: string, input: z.output<typeof voidInvoiceSchema>) =>
      voidInvoice(database, principal, invoiceId, input),

    /** A payment (partial or whole, never more than is due) with a receipt number: Dr operating bank / Cr accounts receivable. */
    recordPayment: (principal: FirmPrincipal, invoiceId: string, input: PaymentInput): Promise<Invoice> =>
      changeInvoice(database, principal, invoiceId, async (tx, invoice) => {
        await postInvoicePayment(tx, principal, invoice, input);
        return viewOf(tx, principal, invoiceId);
      }),

    /** A payment is removed only by a reversing entry (a negative payment row and the ledger's mirror entry). */
    reversePayment: (principal: FirmPrincipal, invoiceId: string, paymentId: string, reason: string): Promise<Invoice> =>
      changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
        await postPaymentReversal(tx, principal, invoice, paymentId, { reason, date: settings.today, isFromTrust: false });
        return viewOf(tx, principal, invoiceId);
      }),

    writeOff: (principal: FirmPrincipal, invoiceId: string, input: z.output<typeof writeOffSchema>) =>
      writeOffInvoice(database, principal, invoiceId, input),
    createCreditNote: (principal: FirmPrincipal, invoiceId: string, input: z.output<typeof createCreditNoteSchema>) =>
      createCreditNote(database, principal, invoiceId, input),

    ...createInvoiceListService(database),

    agedReceivables: (principal: FirmPrincipal, query: Parameters<typeof findAgedReceivablesReport>[2]) =>
      findAgedReceivablesReport(database, principal, query),
  };
}
