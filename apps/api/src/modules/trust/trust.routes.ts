import type { FastifyInstance, FastifyReply, RouteHandlerMethod } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isoDate,
  trustContracts as contracts,
  trustLedgerContracts as ledgerContracts,
  trustMovementResultSchema,
  trustStatementPath,
  type RouteContract,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes, type ContractHandler, type ContractRouteConfig } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTrustMovementService } from './trust-movements.service.ts';
import { createTrustService } from './trust.service.ts';

const tags = ['Trust accounting'];

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
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const trust = createTrustService(database);
  const movements = createTrustMovementService(database);

  /**
   * Registered by hand from its contract: a movement answers 202 as well as the contract's 201 (when
   * it waits for a second person), which a contract's one status cannot say.
   */
  const movementRoute = <C extends RouteContract>(contract: C, { summary, ...config }: ContractRouteConfig, handler: ContractHandler<C>) =>
    app.route({
      method: contract.method,
      url: contract.path,
      config,
      schema: { tags, summary, body: contract.body, response: movementAnswers },
      handler: handler as unknown as RouteHandlerMethod,
    });

  // ---- accounts and rules
  route(
    contracts.createAccount,
    {
      access: firmAccess('trustAccountRequest.create'),
      summary: 'Add a trust bank account (only the account number’s last four digits are kept)',
    },
    async (request, reply) => created(reply, 'Trust account created', await trust.createAccount(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.updateAccount,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: 'Rename a trust account, change its bank or payment instructions, or close it to new movements',
    },
    async (request) => ok('Trust account updated', await trust.updateAccount(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    contracts.accounts,
    { access: firmAccess('trustAccountRequest'), summary: 'The firm’s trust bank accounts with their balances' },
    async (request) => ok('Trust accounts', await trust.accounts(firmPrincipalOf(request))),
  );
  route(contracts.account, { access: firmAccess('trustAccountRequest'), summary: 'One trust bank account' }, async (request) =>
    ok('Trust account', await trust.account(firmPrincipalOf(request), request.params.id)),
  );
  route(
    contracts.settings,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'The firm’s trust rules: the two-person threshold, request approval, cash review',
    },
    async (request) => ok('Trust settings', await trust.settings(firmPrincipalOf(request))),
  );
  route(
    contracts.updateSettings,
    { access: firmAccess('trustAccountRequest.edit'), summary: 'Change the firm’s trust rules (blank threshold: never)' },
    async (request) => ok('Trust settings updated', await trust.updateSettings(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.setMatterMinimum,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: 'An evergreen retainer: the matter’s minimum trust balance (blank removes it); falling below drafts a top-up request',
    },
    async (request) =>
      ok(
        'Minimum trust balance saved',
        await trust.setMatterMinimum(firmPrincipalOf(request), request.body.matterId, request.body.minimumBalance),
      ),
  );

  // ---- movements
  route(
    contracts.deposit,
    {
      access: firmAccess('trustAccountRequest.create'),
      summary:
        'Money received into trust for a client (and matter), optionally against a trust request; uncleared until cleared when isCleared=false',
    },
    async (request, reply) => created(reply, 'Deposit recorded', await movements.deposit(firmPrincipalOf(request), request.body)),
  );
  movementRoute(
    contracts.disburse,
    {
      access: firmAccess('trustAccountRequest.create'),
      summary: 'Pay a third party from a client’s cleared trust funds (202 when above the two-person threshold)',
    },
    async (request, reply) => movementAnswer(reply, await movements.disburse(firmPrincipalOf(request), request.body)),
  );
  movementRoute(
    contracts.refund,
    {
      access: firmAccess('trustAccountRequest.create'),
      summary: 'Return a client’s cleared trust funds to them (202 when above the two-person threshold)',
    },
    async (request, reply) => movementAnswer(reply, await movements.refund(firmPrincipalOf(request), request.body)),
  );
  movementRoute(
    contracts.payInvoice,
    {
      access: firmAccess('trustAccountRequest.create', 'paymentInfo'),
      summary:
        'Pay an issued invoice from the client’s trust funds through the invoice payment path (202 when above the two-person threshold). ' +
        'The funds are one of the invoice’s own matters’ (matterId; blank: its only matter) or, with fromGeneralFunds, the ' +
        'client’s general ledger: another matter’s funds are refused (400)',
    },
    async (request, reply) => movementAnswer(reply, await movements.payInvoice(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.transfer,
    {
      access: firmAccess('trustAccountRequest.create'),
      summary: 'Move trust funds between a client’s matters or between clients (reason; both clients’ consent between clients)',
    },
    async (request, reply) => created(reply, 'Transfer recorded', await movements.transfer(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.reverse,
    {
      access: firmAccess('trustAccountRequest.delete'),
      summary: 'Reverse a trust movement with a reason (a new movement referencing it; both stay visible)',
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
  route(
    contracts.clearDeposit,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: 'Mark an uncleared deposit’s funds as cleared by the bank (they may then be paid out)',
    },
    async (request) =>
      ok('Deposit cleared', await movements.clearDeposit(firmPrincipalOf(request), request.params.id, request.body.clearedDate)),
  );
  route(
    contracts.approveMovement,
    {
      access: firmAccess('trustAccountRequest.approve'),
      summary: 'Approve a movement waiting for a second person (not your own): it is checked and posted now',
    },
    async (request) => ok('Trust movement approved and recorded', await movements.approve(firmPrincipalOf(request), request.params.id)),
  );
  route(
    contracts.rejectMovement,
    { access: firmAccess('trustAccountRequest.approve'), summary: 'Reject a movement waiting for approval, with a reason' },
    async (request) =>
      ok('Trust movement rejected', await movements.reject(firmPrincipalOf(request), request.params.id, request.body.reason)),
  );

  // ---- reads
  route(
    contracts.pendingMovements,
    { access: firmAccess('trustAccountRequest'), summary: 'Movements waiting for (or decided by) a second person' },
    async (request) => ok('Trust movement requests', await trust.movementRequests(firmPrincipalOf(request), request.query)),
  );
  route(
    contracts.transactions,
    { access: firmAccess('trustAccountRequest'), summary: 'Trust movements newest first, filtered; IsDownlodCsv=true answers text/csv' },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Trust transactions', await trust.transactions(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="trust-transactions.csv"')
        .send(await trust.transactionsCsv(principal, request.query));
    },
  );
  route(
    contracts.transaction,
    { access: firmAccess('trustAccountRequest'), summary: 'One trust movement with its journal lines, reversal and history' },
    async (request) => ok('Trust transaction', await trust.record(firmPrincipalOf(request), request.params.id)),
  );
  route(
    ledgerContracts.clientLedger,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'A client’s (or matter’s) trust ledger newest first, with the balance after each movement',
    },
    async (request) => ok('Client ledger', await trust.ledger(firmPrincipalOf(request), request.query)),
  );
  route(
    ledgerContracts.balance,
    { access: firmAccess('trustAccountRequest'), summary: 'A client’s (or matter’s) trust balance, per trust account and matter' },
    async (request) =>
      ok('Trust balance', await trust.balance(firmPrincipalOf(request), request.query.ClientId, request.query.MatterId ?? null)),
  );
  route(
    contracts.accountLedgers,
    { access: firmAccess('trustAccountRequest'), summary: 'A trust account’s client ledgers with their balances' },
    async (request) => ok('Client ledgers', await trust.accountLedgers(firmPrincipalOf(request), request.query)),
  );

  // The PDF itself, not the envelope: no contract, only the path the web shares.
  api.get(
    trustStatementPath,
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
