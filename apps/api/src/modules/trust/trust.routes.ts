import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clearDepositSchema,
  clientLedgerQuerySchema,
  clientLedgerSchema,
  createTrustAccountSchema,
  depositSchema,
  disburseSchema,
  idParamsSchema,
  isoDate,
  payInvoiceFromTrustSchema,
  refundSchema,
  rejectTrustMovementSchema,
  reverseTrustTransactionSchema,
  setMatterTrustMinimumSchema,
  transferSchema,
  trustAccountLedgersQuerySchema,
  trustAccountSchema,
  trustBalanceQuerySchema,
  trustBalanceSchema,
  trustLedgerPageSchema,
  trustMovementRequestListQuerySchema,
  trustMovementRequestPageSchema,
  trustMovementRequestSchema,
  trustMovementResultSchema,
  trustSettingsSchema,
  trustTransactionListQuerySchema,
  trustTransactionPageSchema,
  trustTransactionRecordSchema,
  trustTransactionSchema,
  trustTransferResultSchema,
  updateTrustAccountSchema,
  updateTrustSettingsSchema,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTrustMovementService } from './trust-movements.service.ts';
import { createTrustService } from './trust.service.ts';

const tags = ['Trust accounting'];
const base = '/api/admin/trust-account';

const statementQuerySchema = z.object({
  ClientId: z.uuid('Client is required'),
  MatterId: z.uuid('Matter is not valid').optional(),
  FromDate: isoDate('From date').optional(),
  ToDate: isoDate('To date').optional(),
});

/** A movement that posted answers 201; one waiting for a second person 202 (accepted, not yet done). */
const movementAnswer = (reply: FastifyReply, result: z.infer<typeof trustMovementResultSchema>) => {
  if (result.status === 'Posted') return created(reply, 'Trust movement recorded', result);
  reply.status(202);
  return ok('Trust movement awaiting approval by a second person', result);
};
const movementAnswers = { ...answers(trustMovementResultSchema, 201), 202: answers(trustMovementResultSchema)[200] };

/**
 * Trust accounting (issue 16): accounts, movements, ledgers, approvals and the trust rules. Money
 * moves only through these calls, each one balanced journal entry; nothing is edited or deleted.
 */
export function registerTrustRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const trust = createTrustService(database);
  const movements = createTrustMovementService(database);

  // ---- accounts and rules
  api.post(
    `${base}/create-trust-account`,
    {
      config: { access: firmAccess('trustAccountRequest.create') },
      schema: {
        tags,
        summary: 'Add a trust bank account (only the account number’s last four digits are kept)',
        body: createTrustAccountSchema,
        response: answers(trustAccountSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Trust account created', await trust.createAccount(firmPrincipalOf(request), request.body)),
  );
  api.put(
    `${base}/update-trust-account/:id`,
    {
      config: { access: firmAccess('trustAccountRequest.edit') },
      schema: {
        tags,
        summary: 'Rename a trust account, change its bank or payment instructions, or close it to new movements',
        params: idParamsSchema,
        body: updateTrustAccountSchema,
        response: answers(trustAccountSchema),
      },
    },
    async (request) => ok('Trust account updated', await trust.updateAccount(firmPrincipalOf(request), request.params.id, request.body)),
  );
  api.get(
    `${base}/get-trust-accounts`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: { tags, summary: 'The firm’s trust bank accounts with their balances', response: answers(z.array(trustAccountSchema)) },
    },
    async (request) => ok('Trust accounts', await trust.accounts(firmPrincipalOf(request))),
  );
  api.get(
    `${base}/get-trust-account/:id`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: { tags, summary: 'One trust bank account', params: idParamsSchema, response: answers(trustAccountSchema) },
    },
    async (request) => ok('Trust account', await trust.account(firmPrincipalOf(request), request.params.id)),
  );
  api.get(
    `${base}/get-trust-settings`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'The firm’s trust rules: the two-person threshold, request approval, cash review',
        response: answers(trustSettingsSchema),
      },
    },
    async (request) => ok('Trust settings', await trust.settings(firmPrincipalOf(request))),
  );
  api.put(
    `${base}/update-trust-settings`,
    {
      config: { access: firmAccess('trustAccountRequest.edit') },
      schema: {
        tags,
        summary: 'Change the firm’s trust rules (blank threshold: never)',
        body: updateTrustSettingsSchema,
        response: answers(trustSettingsSchema),
      },
    },
    async (request) => ok('Trust settings updated', await trust.updateSettings(firmPrincipalOf(request), request.body)),
  );
  api.put(
    `${base}/set-matter-trust-minimum`,
    {
      config: { access: firmAccess('trustAccountRequest.edit') },
      schema: {
        tags,
        summary: 'An evergreen retainer: the matter’s minimum trust balance (blank removes it); falling below drafts a top-up request',
        body: setMatterTrustMinimumSchema,
        response: answers(z.object({ matterId: z.string(), minimumBalance: z.string().nullable() })),
      },
    },
    async (request) =>
      ok(
        'Minimum trust balance saved',
        await trust.setMatterMinimum(firmPrincipalOf(request), request.body.matterId, request.body.minimumBalance),
      ),
  );

  // ---- movements
  api.post(
    `${base}/deposit`,
    {
      config: { access: firmAccess('trustAccountRequest.create') },
      schema: {
        tags,
        summary:
          'Money received into trust for a client (and matter), optionally against a trust request; uncleared until cleared when isCleared=false',
        body: depositSchema,
        response: answers(trustTransactionSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Deposit recorded', await movements.deposit(firmPrincipalOf(request), request.body)),
  );
  api.post(
    `${base}/disburse`,
    {
      config: { access: firmAccess('trustAccountRequest.create') },
      schema: {
        tags,
        summary: 'Pay a third party from a client’s cleared trust funds (202 when above the two-person threshold)',
        body: disburseSchema,
        response: movementAnswers,
      },
    },
    async (request, reply) => movementAnswer(reply, await movements.disburse(firmPrincipalOf(request), request.body)),
  );
  api.post(
    `${base}/refund`,
    {
      config: { access: firmAccess('trustAccountRequest.create') },
      schema: {
        tags,
        summary: 'Return a client’s cleared trust funds to them (202 when above the two-person threshold)',
        body: refundSchema,
        response: movementAnswers,
      },
    },
    async (request, reply) => movementAnswer(reply, await movements.refund(firmPrincipalOf(request), request.body)),
  );
  api.post(
    `${base}/pay-invoice`,
    {
      config: { access: firmAccess('trustAccountRequest.create', 'paymentInfo') },
      schema: {
        tags,
        summary:
          'Pay an issued invoice from the client’s trust funds through the invoice payment path (202 when above the two-person threshold). ' +
          'The funds are one of the invoice’s own matters’ (matterId; blank: its only matter) or, with fromGeneralFunds, the ' +
          'client’s general ledger: another matter’s funds are refused (400)',
        body: payInvoiceFromTrustSchema,
        response: movementAnswers,
      },
    },
    async (request, reply) => movementAnswer(reply, await movements.payInvoice(firmPrincipalOf(request), request.body)),
  );
  api.post(
    `${base}/transfer`,
    {
      config: { access: firmAccess('trustAccountRequest.create') },
      schema: {
        tags,
        summary: 'Move trust funds between a client’s matters or between clients (reason; both clients’ consent between clients)',
        body: transferSchema,
        response: answers(trustTransferResultSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Transfer recorded', await movements.transfer(firmPrincipalOf(request), request.body)),
  );
  api.post(
    `${base}/reverse-transaction/:id`,
    {
      config: { access: firmAccess('trustAccountRequest.delete') },
      schema: {
        tags,
        summary: 'Reverse a trust movement with a reason (a new movement referencing it; both stay visible)',
        params: idParamsSchema,
        body: reverseTrustTransactionSchema,
        response: answers(trustTransactionSchema, 201),
      },
    },
    async (request, reply) =>
      created(
        reply,
        'Trust movement reversed',
        await movements.reverse(firmPrincipalOf(request), request.params.id, {
          reason: request.body.reason,
          date: request.body.date ?? null,
        }),
      ),
  );
  api.post(
    `${base}/clear-deposit/:id`,
    {
      config: { access: firmAccess('trustAccountRequest.edit') },
      schema: {
        tags,
        summary: 'Mark an uncleared deposit’s funds as cleared by the bank (they may then be paid out)',
        params: idParamsSchema,
        body: clearDepositSchema,
        response: answers(trustTransactionSchema),
      },
    },
    async (request) =>
      ok('Deposit cleared', await movements.clearDeposit(firmPrincipalOf(request), request.params.id, request.body.clearedDate)),
  );
  api.post(
    `${base}/approve-transaction/:id`,
    {
      config: { access: firmAccess('trustAccountRequest.approve') },
      schema: {
        tags,
        summary: 'Approve a movement waiting for a second person (not your own): it is checked and posted now',
        params: idParamsSchema,
        response: answers(trustMovementResultSchema),
      },
    },
    async (request) => ok('Trust movement approved and recorded', await movements.approve(firmPrincipalOf(request), request.params.id)),
  );
  api.post(
    `${base}/reject-transaction/:id`,
    {
      config: { access: firmAccess('trustAccountRequest.approve') },
      schema: {
        tags,
        summary: 'Reject a movement waiting for approval, with a reason',
        params: idParamsSchema,
        body: rejectTrustMovementSchema,
        response: answers(trustMovementRequestSchema),
      },
    },
    async (request) =>
      ok('Trust movement rejected', await movements.reject(firmPrincipalOf(request), request.params.id, request.body.reason)),
  );

  // ---- reads
  api.get(
    `${base}/get-pending-transactions`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'Movements waiting for (or decided by) a second person',
        querystring: trustMovementRequestListQuerySchema,
        response: answers(trustMovementRequestPageSchema),
      },
    },
    async (request) => ok('Trust movement requests', await trust.movementRequests(firmPrincipalOf(request), request.query)),
  );
  api.get(
    `${base}/get-trust-transactions`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'Trust movements newest first, filtered; IsDownlodCsv=true answers text/csv',
        querystring: trustTransactionListQuerySchema,
        response: answers(trustTransactionPageSchema),
      },
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Trust transactions', await trust.transactions(principal, request.query));
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="trust-transactions.csv"')
        .send(await trust.transactionsCsv(principal, request.query));
    },
  );
  api.get(
    `${base}/get-trust-transaction/:id`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'One trust movement with its journal lines, reversal and history',
        params: idParamsSchema,
        response: answers(trustTransactionRecordSchema),
      },
    },
    async (request) => ok('Trust transaction', await trust.record(firmPrincipalOf(request), request.params.id)),
  );
  api.get(
    `${base}/get-client-ledger`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'A client’s (or matter’s) trust ledger newest first, with the balance after each movement',
        querystring: clientLedgerQuerySchema,
        response: answers(clientLedgerSchema),
      },
    },
    async (request) => ok('Client ledger', await trust.ledger(firmPrincipalOf(request), request.query)),
  );
  api.get(
    `${base}/get-trust-balance`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'A client’s (or matter’s) trust balance, per trust account and matter',
        querystring: trustBalanceQuerySchema,
        response: answers(trustBalanceSchema),
      },
    },
    async (request) =>
      ok('Trust balance', await trust.balance(firmPrincipalOf(request), request.query.ClientId, request.query.MatterId ?? null)),
  );
  api.get(
    `${base}/get-trust-account-ledgers`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'A trust account’s client ledgers with their balances',
        querystring: trustAccountLedgersQuerySchema,
        response: answers(trustLedgerPageSchema),
      },
    },
    async (request) => ok('Client ledgers', await trust.accountLedgers(firmPrincipalOf(request), request.query)),
  );
  api.get(
    `${base}/download-trust-statement`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: { tags, summary: 'A client’s (or matter’s) trust statement as a PDF', querystring: statementQuerySchema },
    },
    async (request, reply) => {
      const { pdf, fileName } = await trust.statementPdf(firmPrincipalOf(request), {
        clientId: request.query.ClientId,
        matterId: request.query.MatterId ?? null,
        fromDate: request.query.FromDate ?? null,
        toDate: request.query.ToDate ?? null,
      });
      return (reply as FastifyReply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
