import type { FastifyInstance } from 'fastify';
import { clientCreditContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createClientCreditService } from './client-credits.service.ts';

/** A client's credit balance: read it, apply it to an invoice, refund it (ADR 0051). */
export function registerClientCreditRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Client credits']);
  const credits = createClientCreditService(database);

  route(
    contracts.view,
    {
      access: firmAccess('paymentInfo'),
      summary: 'A client’s credit balance per currency (overpayments kept as credit, credit notes over paid invoices) and its movements',
      description:
        'Answers the credit the client has with the firm in each currency it has some of (never two currencies added) and every movement of it, newest first: credit gained from an overpayment or a credit note, applied to an invoice, refunded, or taken back by a reversed payment. 404 when the client is not the firm’s.',
    },
    async (request) => ok('Client credits', await credits.view(firmPrincipalOf(request), request.query.ClientId)),
  );

  route(
    contracts.apply,
    {
      access: firmAccess('paymentInfo.create'),
      summary:
        'Pay one of the client’s open invoices with its credit (a receipt like any payment, Dr unapplied client payments). Honours Idempotency-Key',
      description:
        'Records a payment of the amount on the invoice, dated today, with the next receipt number and method "Client credit" (Dr unapplied client payments, Cr accounts receivable; an invoice in a foreign currency realises its exchange difference), takes it off the client’s credit and answers the credit balance. Refused with 404 when the client or invoice is not the firm’s, 400 when the invoice is another client’s or in another currency than the credit, or the amount is more than its balance due or the credit, and 409 when the invoice is not open for payment.',
    },
    async (request) => ok('Client credit applied', await credits.apply(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.refund,
    {
      access: firmAccess('paymentInfo.create'),
      summary:
        'Pay some of the client’s credit back from an operating bank account (Dr unapplied client payments, Cr bank). Honours Idempotency-Key',
      description:
        'Refunds the amount on the refund date (default today) from the chosen bank account, else the default one of the currency, else the operating bank (Dr unapplied client payments, Cr bank), takes it off the client’s credit and answers the credit balance. Refused with 404 when the client or bank account is not the firm’s, 400 when the amount is more than the credit in that currency or the bank account is inactive or in another currency, and 409 when the books are closed through the refund date.',
    },
    async (request) => ok('Client credit refunded', await credits.refund(firmPrincipalOf(request), request.body)),
  );
}
