import { defineRoute } from '../common/route-contract.ts';
import { invoiceSchema } from '../invoices/invoice.schemas.ts';
import { clientWithholdingTaxContracts } from './client-withholding-tax.contracts.ts';
import {
  outstandingWithholdingTaxCreditNotesSchema,
  paymentIdParamsSchema,
  recordWithholdingTaxCreditNoteSchema,
  withholdingTaxScheduleQuerySchema,
  withholdingTaxScheduleSchema,
  withholdingTaxSettingsInputSchema,
  withholdingTaxSettingsSchema,
} from './withholding-tax.schemas.ts';

const base = '/api/withholding-tax';

/** Withholding tax (ADR 0093): the firm's rates, a client's kind and rate, credit notes, the schedule and the chase list. */
export const withholdingTaxContracts = {
  settings: defineRoute({ method: 'GET', path: `${base}/get-settings`, response: withholdingTaxSettingsSchema }),
  updateSettings: defineRoute({
    method: 'POST',
    path: `${base}/update-settings`,
    body: withholdingTaxSettingsInputSchema,
    response: withholdingTaxSettingsSchema,
  }),
  ...clientWithholdingTaxContracts,
  /** Answers the invoice the payment belongs to, with the credit note on its payment. */
  recordCreditNote: defineRoute({
    method: 'POST',
    path: `${base}/record-credit-note/:paymentId`,
    params: paymentIdParamsSchema,
    body: recordWithholdingTaxCreditNoteSchema,
    response: invoiceSchema,
    status: 201,
  }),
  /** multipart/form-data with one PDF (a contract's JSON body cannot say it): no `body` here. */
  uploadCreditNoteFile: defineRoute({
    method: 'POST',
    path: `${base}/upload-credit-note-file/:paymentId`,
    params: paymentIdParamsSchema,
    response: invoiceSchema,
    status: 201,
  }),
  schedule: defineRoute({
    method: 'GET',
    path: `${base}/get-schedule`,
    query: withholdingTaxScheduleQuerySchema,
    response: withholdingTaxScheduleSchema,
  }),
  outstanding: defineRoute({
    method: 'GET',
    path: `${base}/list-outstanding-credit-notes`,
    response: outstandingWithholdingTaxCreditNotesSchema,
  }),
};

/** GET: the credit note's PDF as a download (no envelope, so no contract); fill it in with pathOf. */
export const withholdingTaxCreditNoteFilePath = { path: `${base}/download-credit-note-file/:paymentId` } as const;
