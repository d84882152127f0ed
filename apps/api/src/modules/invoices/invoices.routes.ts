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
      description:
        'Answers the settings each new invoice starts from: the number prefix, payment terms in days, the tax’s name, rate and what it applies to, whether approval is required, the bill-of-charges clock, the default payment instructions and the firm’s tax number.',
    },
    async (request) => ok('Invoice settings', await invoices.settings(firmPrincipalOf(request))),
  );

  route(
    contracts.updateSettings,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'Change the firm’s invoice settings',
      description:
        'Replaces every invoice setting at once and answers them as saved; invoices already numbered keep their numbers, and a draft takes the new tax and terms only when it is next saved. Refused with 400 when a field is invalid (a prefix with other characters than letters, digits, - / and _, terms beyond 365 days, a rate over 100).',
    },
    async (request) => ok('Invoice settings saved', await invoices.updateSettings(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.unbilledItems,
    {
      access: firmAccess('invoice.create'),
      summary: 'A client’s unbilled, approved, billable time entries, expenses and flat fees (optionally some matters and a date range)',
      description:
        'Answers what a new invoice for the client may bill: its approved, billable time entries and expenses and its flat fees that no live invoice holds, optionally only on some matters (MatterId repeats) and dated between From and To. 404 when the client is not the firm’s.',
    },
    async (request) => ok('Unbilled items', await invoices.unbilledItems(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.create,
    {
      access: firmAccess('invoice.create'),
      summary:
        'A draft invoice from the chosen items, locked for it; the server computes every figure (totals sent are ignored). Honours Idempotency-Key',
      description:
        'Creates a Draft invoice (numbered only when it leaves draft) from the chosen time entries, expenses and flat fees, locks them to it, and answers the whole invoice with 201; omitted dates, tax and payment instructions come from the firm’s settings. Refused with 400 when no item is chosen, a matter is another client’s or the due date is before the issue date, and with 409 when an item is already on another invoice or can no longer be billed.',
    },
    async (request, reply) => created(reply, 'Invoice saved', await invoices.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.view,
    {
      access: firmAccess('invoice'),
      summary: 'One invoice: lines, totals, payments and status history',
      description:
        'Answers the invoice: its lines grouped as fees, expenses and flat fees, every figure, payments and reversals, write-offs, status history, delivery and bill-of-charges dates, and whether the caller may edit it. 404 when it is not the firm’s.',
    },
    async (request) => ok('Invoice', await invoices.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.list,
    {
      access: firmAccess('invoice'),
      summary:
        'Invoices: a status tab, client, matter, issue dates, overdue, search, sort and page (totals per currency, home currency first, with IncludeTotals=true). IsDownlodCsv=true answers text/csv',
      description:
        'Answers a page of the firm’s invoices, newest issue date first unless sorted otherwise, each with its total, paid amount and balance due; IncludeTotals=true adds the whole filter’s figures per currency, never adding two currencies. IsDownlodCsv=true answers every match as a CSV file instead of the page.',
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
      description:
        'Replaces the draft as create takes it (items, adjustments, discount, tax, dates and notes) and answers it with its figures recomputed; items added are locked to it and items removed return to unbilled. Refused with 409 when the invoice is no longer a draft or an item is on another invoice, 404 when it is not the firm’s.',
    },
    async (request) => ok('Invoice updated', await invoices.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess(INVOICE_TRANSITIONS.delete.permission),
      summary: 'Delete a draft invoice; its items return to unbilled (a draft that already has a number is voided instead)',
      description:
        'Deletes a draft invoice that never took a number and returns its items to unbilled; answers null. Refused with 409 when it is not a draft, or when it already has a number (rejected after submission): void that one instead, so the number stays accounted for.',
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
      description:
        'Sends a draft for approval, with an optional note kept in its history; it takes the next invoice number now (a draft rejected earlier keeps its number) and the invoice is answered. Refused with 409 when it is not a draft, or when the firm does not require approval (approve or send it directly).',
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
      description:
        'Approves the invoice with an optional note: it takes a number if it has none, becomes a receivable posted to the ledger (Dr accounts receivable, Cr fee income, expense recoveries and tax payable) and is answered. Refused with 409 when it is neither awaiting approval nor a draft, or is a draft of a firm that requires it to be submitted first.',
    },
    async (request) => ok('Invoice approved', await invoices.approve(firmPrincipalOf(request), request.params.id, request.body.note)),
  );

  route(
    contracts.reject,
    {
      access: firmAccess(INVOICE_TRANSITIONS.reject.permission),
      summary:
        'Awaiting approval → Draft with the approver’s reason (shown on the invoice as lastRejection); nothing is posted, the number taken at submission stays with the invoice',
      description:
        'Returns an invoice awaiting approval to Draft with the approver’s reason and answers it; its items stay locked to it, so the fee earner can change it and submit again. Refused with 409 when it is not awaiting approval.',
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
      description:
        'Marks the invoice Sent (a paid or partly paid one keeps its status), issues a new public link and queues an email with its PDF to toEmail or the client’s address (none when the client has no email); a draft is issued on the way when the firm needs no approval, and the first send records the delivery date that starts the bill-of-charges clock. Answers the invoice; refused with 409 when it is void or awaiting approval, or a draft while the firm requires approval.',
    },
    async (request) => ok('Invoice sent', await invoices.send(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.markDelivered,
    {
      access: firmAccess(INVOICE_TRANSITIONS.markDelivered.permission),
      summary: 'Record delivery by hand on a date (the bill-of-charges clock runs from it)',
      description:
        'Records that the bill was delivered by hand on the given date, replacing any earlier delivery date, and answers the invoice with its recoverable-from date recomputed. Refused with 409 unless the invoice is issued (approved, sent, partly paid or paid).',
    },
    async (request) => ok('Delivery recorded', await invoices.markDelivered(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.void,
    {
      access: firmAccess(INVOICE_TRANSITIONS.void.permission),
      summary: 'Void an issued invoice with a reason: its items return to unbilled, its number stays used, its ledger entries are reversed',
      description:
        'Voids the invoice with a reason and answers it: its issue and write-off entries are reversed in the ledger, its items return to unbilled and its number stays used. Refused with 409 when it is already void, is a draft without a number (delete it instead), or has payments (reverse them first).',
    },
    async (request) => ok('Invoice voided', await invoices.void(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.recordPayment,
    {
      access: firmAccess(INVOICE_TRANSITIONS.recordPayment.permission),
      summary:
        'Record a payment (partial allowed; more than the balance due only when the excess is kept as the client’s credit) with a receipt number. Honours Idempotency-Key',
      description:
        'Records money received for the invoice with the next receipt number (Dr operating bank, Cr accounts receivable) and answers the invoice, now PartlyPaid or Paid. With keepExcessAsCredit, an amount over the balance due pays the invoice in full and the rest becomes the client’s credit balance (Cr unapplied client payments; see get-client-credits). An invoice in a foreign currency paid at another rate than its own (exchangeRate, else the firm’s rate on the payment date) posts the realised exchange gain or loss (4300 against 3950) in the same entry. Refused with 400 when the amount is more than the balance due without keepExcessAsCredit, or an exchange rate is given for a home-currency invoice, and with 409 when the invoice is not issued or nothing is due.',
    },
    async (request) => ok('Payment recorded', await invoices.recordPayment(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.reversePayment,
    {
      access: firmAccess(INVOICE_TRANSITIONS.reversePayment.permission),
      summary: 'Reverse a payment by a reversing entry (payments are never deleted)',
      description:
        'Cancels a payment with a second, negative payment dated today and the ledger’s mirror entry, and answers the invoice with its balance and status recomputed. Refused with 404 when the payment is not the invoice’s, and with 409 when it was already reversed, is itself a reversal, or came from trust (reverse that from the trust account).',
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
      description:
        'Writes off an amount of the balance due (Dr 5400 Bad debt write-offs, Cr accounts receivable) on the given date and answers the invoice; it becomes Paid when nothing is left due. Giving up money owed needs invoice.approve, as issuing does: whoever only prepares invoices (invoice.edit) is refused with 403. Refused with 400 when the amount is more than the balance due, and with 409 when the invoice is not issued or nothing is due.',
    },
    async (request) => ok('Written off', await invoices.writeOff(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.createCreditNote,
    {
      access: firmAccess(INVOICE_TRANSITIONS.creditNote.permission),
      summary:
        'Credit an issued invoice, whole or chosen lines, with a reason: a numbered credit note that reduces its balance. Honours Idempotency-Key',
      description:
        'Issues a credit note (CN-00001, the firm’s own series) for the chosen lines, or every line not yet credited when none is chosen: its figures are the invoice’s over those lines with the invoice’s own discount and tax. It takes its total off the balance due, and what the invoice no longer owed (it was paid) becomes the client’s credit balance; the journal mirrors the credited share of the issue entry (Dr fee income, expense recoveries and tax payable; Cr discounts given, accounts receivable and unapplied cash). With releaseItems the credited lines’ time entries, expenses and flat fees return to unbilled. Answers the invoice with 201. Refused with 400 when a line is not the invoice’s or the credit date is before the invoice date, and with 409 when the invoice is not issued, a line was already credited or every line was.',
    },
    async (request, reply) =>
      created(reply, 'Credit note issued', await invoices.createCreditNote(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.agedReceivables,
    {
      access: firmAccess('invoice'),
      summary:
        'What clients owed as of a date (AsOf, YYYY-MM-DD, default today in the firm’s time zone) by days past due then (current, 1–30, 31–60, 61–90, 90+): invoices issued on or before it, less payments and write-offs dated on or before it. IsDownlodCsv=true answers text/csv',
      description:
        'Answers a row per client and currency with what it owed at the end of the day, split by days past due then, and totals per currency (home currency first); each client’s total equals its receivable in the ledger on that day. An invoice voided after the day still counts. IsDownlodCsv=true answers the same as a CSV file.',
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
