import type { FastifyInstance } from 'fastify';
import { INVOICE_TRANSITIONS, invoiceContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { agedReceivablesCsv, createInvoiceService, type InvoiceSendHook } from './invoices.service.ts';

const tags = ['Invoices'];

export type InvoiceRouteOptions = { database: Database; onSend?: InvoiceSendHook };

export function registerInvoiceRoutes(app: FastifyInstance, { database, onSend }: InvoiceRouteOptions) {
  const route = contractRoutes(app, tags);
  const invoices = createInvoiceService(database, { onSend });

  route(
    contracts.settings,
    {
      access: firmAccess('invoice'),
      summary: 'The firm’s invoice settings: number prefix, payment terms, tax, approval and the bill-of-charges clock',
    },
    async (request) => ok('Invoice settings', await invoices.settings(firmPrincipalOf(request))),
  );

  route(
    contracts.updateSettings,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'Change the firm’s invoice settings',
    },
    async (request) => ok('Invoice settings saved', await invoices.updateSettings(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.unbilledItems,
    {
      access: firmAccess('invoice.create'),
      summary: 'A client’s unbilled, approved, billable time entries, expenses and flat fees (optionally some matters and a date range)',
    },
    async (request) => ok('Unbilled items', await invoices.unbilledItems(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.create,
    {
      access: firmAccess('invoice.create'),
      summary:
        'A draft invoice from the chosen items, locked for it; the server computes every figure (totals sent are ignored). Honours Idempotency-Key',
    },
    async (request, reply) => created(reply, 'Invoice saved', await invoices.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.view,
    {
      access: firmAccess('invoice'),
      summary: 'One invoice: lines, totals, payments and status history',
    },
    async (request) => ok('Invoice', await invoices.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.list,
    {
      access: firmAccess('invoice'),
      summary:
        'Invoices: a status tab, client, matter, issue dates, overdue, search, sort and page (totals per currency, home currency first, with IncludeTotals=true). IsDownlodCsv=true answers text/csv',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Invoices', await invoices.page(principal, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invoices.csv"')
        .send(await invoices.csv(principal, request.query));
    },
  );

  route(
    contracts.update,
    {
      access: firmAccess(INVOICE_TRANSITIONS.edit.permission),
      summary: 'Change a draft invoice (items added are locked, items removed released); refused once it has left draft',
    },
    async (request) => ok('Invoice updated', await invoices.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess(INVOICE_TRANSITIONS.delete.permission),
      summary: 'Delete a draft invoice; its items return to unbilled (a draft that already has a number is voided instead)',
    },
    async (request) => {
      await invoices.remove(firmPrincipalOf(request), request.params.id);
      return ok('Invoice deleted', null);
    },
  );

  route(
    contracts.submit,
    {
      access: firmAccess(INVOICE_TRANSITIONS.submit.permission),
      summary: 'Draft → Awaiting approval (the firm requires approval); the invoice takes its number',
    },
    async (request) =>
      ok(
        'Invoice submitted for approval',
        await invoices.submitForApproval(firmPrincipalOf(request), request.params.id, request.body.note),
      ),
  );

  route(
    contracts.approve,
    {
      access: firmAccess(INVOICE_TRANSITIONS.approve.permission),
      summary:
        'Awaiting approval → Approved (or Draft → Approved when the firm needs no approval): the invoice is issued and posted to the ledger',
    },
    async (request) => ok('Invoice approved', await invoices.approve(firmPrincipalOf(request), request.params.id, request.body.note)),
  );

  route(
    contracts.reject,
    {
      access: firmAccess(INVOICE_TRANSITIONS.reject.permission),
      summary:
        'Awaiting approval → Draft with the approver’s reason (shown on the invoice as lastRejection); nothing is posted, the number taken at submission stays with the invoice',
    },
    async (request) =>
      ok('Invoice rejected: returned to draft', await invoices.reject(firmPrincipalOf(request), request.params.id, request.body.reason)),
  );

  route(
    contracts.send,
    {
      access: firmAccess(INVOICE_TRANSITIONS.send.permission),
      summary:
        'Mark the invoice Sent and record its delivery date (resend at any time); a draft is issued on the way when no approval is needed',
    },
    async (request) => ok('Invoice sent', await invoices.send(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.markDelivered,
    {
      access: firmAccess(INVOICE_TRANSITIONS.markDelivered.permission),
      summary: 'Record delivery by hand on a date (the bill-of-charges clock runs from it)',
    },
    async (request) => ok('Delivery recorded', await invoices.markDelivered(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.void,
    {
      access: firmAccess(INVOICE_TRANSITIONS.void.permission),
      summary: 'Void an issued invoice with a reason: its items return to unbilled, its number stays used, its ledger entries are reversed',
    },
    async (request) => ok('Invoice voided', await invoices.void(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.recordPayment,
    {
      access: firmAccess(INVOICE_TRANSITIONS.recordPayment.permission),
      summary: 'Record a payment (partial allowed, never more than the balance due) with a receipt number. Honours Idempotency-Key',
    },
    async (request) => ok('Payment recorded', await invoices.recordPayment(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.reversePayment,
    {
      access: firmAccess(INVOICE_TRANSITIONS.reversePayment.permission),
      summary: 'Reverse a payment by a reversing entry (payments are never deleted)',
    },
    async (request) =>
      ok(
        'Payment reversed',
        await invoices.reversePayment(firmPrincipalOf(request), request.params.id, request.params.paymentId, request.body.reason),
      ),
  );

  route(
    contracts.writeOff,
    {
      access: firmAccess(INVOICE_TRANSITIONS.writeOff.permission),
      summary: 'Write off part or all of the balance due, with a reason',
    },
    async (request) => ok('Written off', await invoices.writeOff(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.agedReceivables,
    {
      access: firmAccess('invoice'),
      summary:
        'What clients owed as of a date (AsOf, YYYY-MM-DD, default today in the firm’s time zone) by days past due then (current, 1–30, 31–60, 61–90, 90+): invoices issued on or before it, less payments and write-offs dated on or before it. IsDownlodCsv=true answers text/csv',
    },
    async (request, reply) => {
      const aged = await invoices.agedReceivables(firmPrincipalOf(request), request.query);
      if (!request.query.IsDownlodCsv) return ok('Aged receivables', aged);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="aged-receivables.csv"')
        .send(agedReceivablesCsv(aged));
    },
  );
}
