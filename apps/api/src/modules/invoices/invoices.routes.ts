import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agedReceivablesQuerySchema,
  agedReceivablesSchema,
  createInvoiceSchema,
  idParamsSchema,
  INVOICE_TRANSITIONS,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceSchema,
  invoiceSettingsInputSchema,
  invoiceSettingsSchema,
  invoiceTransitionNoteSchema,
  markDeliveredSchema,
  recordPaymentSchema,
  rejectInvoiceSchema,
  reversePaymentSchema,
  sendInvoiceSchema,
  unbilledItemsQuerySchema,
  unbilledItemsSchema,
  updateInvoiceSchema,
  uuidField,
  voidInvoiceSchema,
  writeOffSchema,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { agedReceivablesCsv, createInvoiceService, type InvoiceSendHook } from './invoices.service.ts';

const tags = ['Invoices'];
const base = '/api/admin/invoice';
const paymentParamsSchema = z.object({ id: uuidField('Id'), paymentId: uuidField('Payment id') });
/** A transition's body is optional: an empty POST is a transition without a note. */
const optionalNote = invoiceTransitionNoteSchema.nullish().transform((body) => body ?? { note: null });

export type InvoiceRouteOptions = { database: Database; onSend?: InvoiceSendHook };

export function registerInvoiceRoutes(app: FastifyInstance, { database, onSend }: InvoiceRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const invoices = createInvoiceService(database, { onSend });

  api.get(
    `${base}/get-invoice-settings`,
    {
      config: { access: firmAccess('invoice') },
      schema: {
        tags,
        summary: 'The firm’s invoice settings: number prefix, payment terms, tax, approval and the bill-of-charges clock',
        response: answers(invoiceSettingsSchema),
      },
    },
    async (request) => ok('Invoice settings', await invoices.settings(firmPrincipalOf(request))),
  );

  api.put(
    `${base}/update-invoice-settings`,
    {
      config: { access: firmAccess('updateAccountSettings') },
      schema: {
        tags,
        summary: 'Change the firm’s invoice settings',
        body: invoiceSettingsInputSchema,
        response: answers(invoiceSettingsSchema),
      },
    },
    async (request) => ok('Invoice settings saved', await invoices.updateSettings(firmPrincipalOf(request), request.body)),
  );

  api.get(
    `${base}/get-unbilled-items`,
    {
      config: { access: firmAccess('invoice.create') },
      schema: {
        tags,
        summary: 'A client’s unbilled, approved, billable time entries, expenses and flat fees (optionally some matters and a date range)',
        querystring: unbilledItemsQuerySchema,
        response: answers(unbilledItemsSchema),
      },
    },
    async (request) => ok('Unbilled items', await invoices.unbilledItems(firmPrincipalOf(request), request.query)),
  );

  api.post(
    `${base}/create-invoice`,
    {
      config: { access: firmAccess('invoice.create') },
      schema: {
        tags,
        summary:
          'A draft invoice from the chosen items, locked for it; the server computes every figure (totals sent are ignored). Honours Idempotency-Key',
        body: createInvoiceSchema,
        response: answers(invoiceSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Invoice saved', await invoices.create(firmPrincipalOf(request), request.body)),
  );

  api.get(
    `${base}/get-invoice/:id`,
    {
      config: { access: firmAccess('invoice') },
      schema: {
        tags,
        summary: 'One invoice: lines, totals, payments and status history',
        params: idParamsSchema,
        response: answers(invoiceSchema),
      },
    },
    async (request) => ok('Invoice', await invoices.view(firmPrincipalOf(request), request.params.id)),
  );

  api.get(
    `${base}/get-invoice-list`,
    {
      config: { access: firmAccess('invoice') },
      schema: {
        tags,
        summary:
          'Invoices: a status tab, client, matter, issue dates, overdue, search, sort and page (totals per currency, home currency first, with IncludeTotals=true). IsDownlodCsv=true answers text/csv',
        querystring: invoiceListQuerySchema,
        response: answers(invoicePageSchema),
      },
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Invoices', await invoices.page(principal, request.query));
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invoices.csv"')
        .send(await invoices.csv(principal, request.query));
    },
  );

  api.put(
    `${base}/update-invoice/:id`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.edit.permission) },
      schema: {
        tags,
        summary: 'Change a draft invoice (items added are locked, items removed released); refused once it has left draft',
        params: idParamsSchema,
        body: updateInvoiceSchema,
        response: answers(invoiceSchema),
      },
    },
    async (request) => ok('Invoice updated', await invoices.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.delete(
    `${base}/delete-invoice/:id`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.delete.permission) },
      schema: {
        tags,
        summary: 'Delete a draft invoice; its items return to unbilled (a draft that already has a number is voided instead)',
        params: idParamsSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await invoices.remove(firmPrincipalOf(request), request.params.id);
      return ok('Invoice deleted', null);
    },
  );

  api.post(
    `${base}/submit-for-approval/:id`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.submit.permission) },
      schema: {
        tags,
        summary: 'Draft → Awaiting approval (the firm requires approval); the invoice takes its number',
        params: idParamsSchema,
        body: optionalNote,
        response: answers(invoiceSchema),
      },
    },
    async (request) =>
      ok(
        'Invoice submitted for approval',
        await invoices.submitForApproval(firmPrincipalOf(request), request.params.id, request.body.note),
      ),
  );

  api.post(
    `${base}/approve-invoice/:id`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.approve.permission) },
      schema: {
        tags,
        summary:
          'Awaiting approval → Approved (or Draft → Approved when the firm needs no approval): the invoice is issued and posted to the ledger',
        params: idParamsSchema,
        body: optionalNote,
        response: answers(invoiceSchema),
      },
    },
    async (request) => ok('Invoice approved', await invoices.approve(firmPrincipalOf(request), request.params.id, request.body.note)),
  );

  api.post(
    `${base}/reject-invoice/:id`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.reject.permission) },
      schema: {
        tags,
        summary:
          'Awaiting approval → Draft with the approver’s reason (shown on the invoice as lastRejection); nothing is posted, the number taken at submission stays with the invoice',
        params: idParamsSchema,
        body: rejectInvoiceSchema,
        response: answers(invoiceSchema),
      },
    },
    async (request) =>
      ok('Invoice rejected: returned to draft', await invoices.reject(firmPrincipalOf(request), request.params.id, request.body.reason)),
  );

  api.post(
    `${base}/send-invoice/:id`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.send.permission) },
      schema: {
        tags,
        summary:
          'Mark the invoice Sent and record its delivery date (resend at any time); a draft is issued on the way when no approval is needed',
        params: idParamsSchema,
        body: sendInvoiceSchema.nullish().transform((body) => body ?? { message: null }),
        response: answers(invoiceSchema),
      },
    },
    async (request) => ok('Invoice sent', await invoices.send(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.post(
    `${base}/mark-delivered/:id`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.markDelivered.permission) },
      schema: {
        tags,
        summary: 'Record delivery by hand on a date (the bill-of-charges clock runs from it)',
        params: idParamsSchema,
        body: markDeliveredSchema,
        response: answers(invoiceSchema),
      },
    },
    async (request) => ok('Delivery recorded', await invoices.markDelivered(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.post(
    `${base}/void-invoice/:id`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.void.permission) },
      schema: {
        tags,
        summary:
          'Void an issued invoice with a reason: its items return to unbilled, its number stays used, its ledger entries are reversed',
        params: idParamsSchema,
        body: voidInvoiceSchema,
        response: answers(invoiceSchema),
      },
    },
    async (request) => ok('Invoice voided', await invoices.void(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.post(
    `${base}/record-payment/:id`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.recordPayment.permission) },
      schema: {
        tags,
        summary: 'Record a payment (partial allowed, never more than the balance due) with a receipt number. Honours Idempotency-Key',
        params: idParamsSchema,
        body: recordPaymentSchema,
        response: answers(invoiceSchema),
      },
    },
    async (request) => ok('Payment recorded', await invoices.recordPayment(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.post(
    `${base}/reverse-payment/:id/:paymentId`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.reversePayment.permission) },
      schema: {
        tags,
        summary: 'Reverse a payment by a reversing entry (payments are never deleted)',
        params: paymentParamsSchema,
        body: reversePaymentSchema,
        response: answers(invoiceSchema),
      },
    },
    async (request) =>
      ok(
        'Payment reversed',
        await invoices.reversePayment(firmPrincipalOf(request), request.params.id, request.params.paymentId, request.body.reason),
      ),
  );

  api.post(
    `${base}/write-off/:id`,
    {
      config: { access: firmAccess(INVOICE_TRANSITIONS.writeOff.permission) },
      schema: {
        tags,
        summary: 'Write off part or all of the balance due, with a reason',
        params: idParamsSchema,
        body: writeOffSchema,
        response: answers(invoiceSchema),
      },
    },
    async (request) => ok('Written off', await invoices.writeOff(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.get(
    `${base}/get-aged-receivables`,
    {
      config: { access: firmAccess('invoice') },
      schema: {
        tags,
        summary:
          'What clients owed as of a date (AsOf, YYYY-MM-DD, default today in the firm’s time zone) by days past due then (current, 1–30, 31–60, 61–90, 90+): invoices issued on or before it, less payments and write-offs dated on or before it. IsDownlodCsv=true answers text/csv',
        querystring: agedReceivablesQuerySchema,
        response: answers(agedReceivablesSchema),
      },
    },
    async (request, reply) => {
      const aged = await invoices.agedReceivables(firmPrincipalOf(request), request.query);
      if (!request.query.IsDownlodCsv) return ok('Aged receivables', aged);
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="aged-receivables.csv"')
        .send(agedReceivablesCsv(aged));
    },
  );
}
