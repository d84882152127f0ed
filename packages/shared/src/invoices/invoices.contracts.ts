import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema, uuidField } from '../common/fields.ts';
import { agedReceivablesRoute } from './aged-receivables.contracts.ts';
import { createCreditNoteSchema } from './credit-note-input.schemas.ts';
import { invoiceListRoute } from './invoice-list.contracts.ts';
import { invoiceViewRoute } from './invoice-view.contracts.ts';
import { invoiceSettingsUpdateRoute, invoiceSettingsViewRoute } from './invoice-settings.contracts.ts';
import {
  createInvoiceSchema,
  invoiceSchema,
  unbilledItemsQuerySchema,
  unbilledItemsSchema,
  updateInvoiceSchema,
} from './invoice.schemas.ts';
import {
  invoiceTransitionNoteSchema,
  markDeliveredSchema,
  recordPaymentSchema,
  rejectInvoiceSchema,
  reversePaymentSchema,
  sendInvoiceSchema,
  voidInvoiceSchema,
  writeOffSchema,
} from './invoice-action.schemas.ts';

const base = '/api/admin/invoice';

export const invoicePaymentParamsSchema = z.object({
  id: uuidField('Id').describe('The invoice’s id (a UUID).'),
  paymentId: uuidField('Payment id').describe(
    'The payment to reverse: one of the invoice’s payments[].id, not itself a reversal (a UUID).',
  ),
});
/** A transition's body is optional: an empty POST is a transition without a note. */
const optionalNoteSchema = invoiceTransitionNoteSchema.nullish().transform((body) => body ?? { note: null });

/** MatterId repeats for several matters (MatterId=a&MatterId=b). */
export const invoiceUnbilledItemsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-unbilled-items`,
  query: unbilledItemsQuerySchema,
  response: unbilledItemsSchema,
});

export const invoiceCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-invoice`,
  body: createInvoiceSchema,
  response: invoiceSchema,
  status: 201,
});

export const invoiceUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-invoice/:id`,
  params: idParamsSchema,
  body: updateInvoiceSchema,
  response: invoiceSchema,
});

export const invoiceRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-invoice/:id`,
  params: idParamsSchema,
  response: z.null(),
});

export const invoiceSubmitRoute = defineRoute({
  method: 'POST',
  path: `${base}/submit-for-approval/:id`,
  params: idParamsSchema,
  body: optionalNoteSchema,
  response: invoiceSchema,
});

export const invoiceApproveRoute = defineRoute({
  method: 'POST',
  path: `${base}/approve-invoice/:id`,
  params: idParamsSchema,
  body: optionalNoteSchema,
  response: invoiceSchema,
});

export const invoiceRejectRoute = defineRoute({
  method: 'POST',
  path: `${base}/reject-invoice/:id`,
  params: idParamsSchema,
  body: rejectInvoiceSchema,
  response: invoiceSchema,
});

/** The body (an optional message) may be left out. */
export const invoiceSendRoute = defineRoute({
  method: 'POST',
  path: `${base}/send-invoice/:id`,
  params: idParamsSchema,
  body: sendInvoiceSchema.nullish().transform((body) => body ?? { message: null }),
  response: invoiceSchema,
});

export const invoiceMarkDeliveredRoute = defineRoute({
  method: 'POST',
  path: `${base}/mark-delivered/:id`,
  params: idParamsSchema,
  body: markDeliveredSchema,
  response: invoiceSchema,
});

export const invoiceVoidRoute = defineRoute({
  method: 'POST',
  path: `${base}/void-invoice/:id`,
  params: idParamsSchema,
  body: voidInvoiceSchema,
  response: invoiceSchema,
});

export const invoiceRecordPaymentRoute = defineRoute({
  method: 'POST',
  path: `${base}/record-payment/:id`,
  params: idParamsSchema,
  body: recordPaymentSchema,
  response: invoiceSchema,
});

export const invoiceReversePaymentRoute = defineRoute({
  method: 'POST',
  path: `${base}/reverse-payment/:id/:paymentId`,
  params: invoicePaymentParamsSchema,
  body: reversePaymentSchema,
  response: invoiceSchema,
});

export const invoiceWriteOffRoute = defineRoute({
  method: 'POST',
  path: `${base}/write-off/:id`,
  params: idParamsSchema,
  body: writeOffSchema,
  response: invoiceSchema,
});

/** A credit note against an issued invoice (whole, or chosen lines) answers the invoice with it. */
export const invoiceCreateCreditNoteRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-credit-note/:id`,
  params: idParamsSchema,
  body: createCreditNoteSchema,
  response: invoiceSchema,
  status: 201,
});

export const invoiceContracts = {
  settings: invoiceSettingsViewRoute,
  updateSettings: invoiceSettingsUpdateRoute,
  unbilledItems: invoiceUnbilledItemsRoute,
  create: invoiceCreateRoute,
  view: invoiceViewRoute,
  list: invoiceListRoute,
  update: invoiceUpdateRoute,
  remove: invoiceRemoveRoute,
  submit: invoiceSubmitRoute,
  approve: invoiceApproveRoute,
  reject: invoiceRejectRoute,
  send: invoiceSendRoute,
  markDelivered: invoiceMarkDeliveredRoute,
  void: invoiceVoidRoute,
  recordPayment: invoiceRecordPaymentRoute,
  reversePayment: invoiceReversePaymentRoute,
  writeOff: invoiceWriteOffRoute,
  createCreditNote: invoiceCreateCreditNoteRoute,
  agedReceivables: agedReceivablesRoute,
};
