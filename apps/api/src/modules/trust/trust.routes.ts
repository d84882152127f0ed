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
  ClientId: z.uuid('Client is required').describe('The client whose trust statement to print.'),
  MatterId: z
    .uuid('Matter is not valid')
    .optional()
    .describe('Only this matter’s ledger (a matter of the client); left out: all the client’s ledgers.'),
  FromDate: isoDate('From date')
    .optional()
    .describe('The statement’s first day, YYYY-MM-DD; earlier movements make up its opening balance. Left out: from the first movement.'),
  ToDate: isoDate('To date')
    .optional()
    .describe('The statement’s last day, YYYY-MM-DD; left out: every movement, and the statement is dated today.'),
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
  const movementRoute = <C extends RouteContract>(
    contract: C,
    { summary, description, ...config }: ContractRouteConfig,
    handler: ContractHandler<C>,
  ) =>
    app.route({
      method: contract.method,
      url: contract.path,
      config,
      schema: { tags, summary, ...(description ? { description } : {}), body: contract.body, response: movementAnswers },
      handler: handler as unknown as RouteHandlerMethod,
    });

  // ---- accounts and rules
  route(
    contracts.createAccount,
    {
      access: firmAccess('trustAccountRequest.create'),
      summary: 'Add a trust bank account (only the account number’s last four digits are kept)',
      description:
        'Adds a trust bank account in the currency given (the firm’s home currency when left out) and answers it, holding nothing yet. ' +
        'Refused with 409 when the firm already has an account of that name, and 400 for an unknown currency.',
    },
    async (request, reply) => created(reply, 'Trust account created', await trust.createAccount(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.updateAccount,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: 'Rename a trust account, change its bank or payment instructions, or close it to new movements',
      description:
        'Replaces the account’s name, bank and payment instructions and whether it is open (isActive) and answers it; its number and ' +
        'currency never change, and a closed account keeps its history. 404 when it is not the firm’s; 409 when the name is taken.',
    },
    async (request) => ok('Trust account updated', await trust.updateAccount(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    contracts.accounts,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'The firm’s trust bank accounts with their balances',
      description:
        'Answers every trust bank account of the firm, closed ones too, by name, each with its balance, the cleared and uncleared ' +
        'parts of it and how many ledgers hold money in it.',
    },
    async (request) => ok('Trust accounts', await trust.accounts(firmPrincipalOf(request))),
  );
  route(
    contracts.account,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'One trust bank account',
      description: 'Answers one trust bank account with its balances; 404 when it is not the firm’s.',
    },
    async (request) => ok('Trust account', await trust.account(firmPrincipalOf(request), request.params.id)),
  );
  route(
    contracts.settings,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'The firm’s trust rules: the two-person threshold, request approval, cash review',
      description:
        'Answers the amount above which money leaving trust waits for a second person, whether trust requests need approval before ' +
        'they are sent, and the cash deposit amount flagged for anti-money-laundering review (null thresholds: never).',
    },
    async (request) => ok('Trust settings', await trust.settings(firmPrincipalOf(request))),
  );
  route(
    contracts.updateSettings,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: 'Change the firm’s trust rules (blank threshold: never)',
      description:
        'Replaces all three of the firm’s trust rules and answers them; the change is audited with the values before and after. ' +
        'A new threshold applies to movements asked for from now on.',
    },
    async (request) => ok('Trust settings updated', await trust.updateSettings(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.setMatterMinimum,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: 'An evergreen retainer: the matter’s minimum trust balance (blank removes it); falling below drafts a top-up request',
      description:
        'Saves or removes a matter’s minimum trust balance and answers it. From then on, money leaving the matter’s ledger that takes ' +
        'it below the minimum drafts a top-up trust request for the shortfall, unless one is already open. 404 for an unknown matter.',
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
      description:
        'Records the deposit, posts its journal entry and answers the movement; against a trust request it adds to the request’s paid ' +
        'amount. Refused with 409 on a closed account, a date in a signed-off reconciliation period or a request not sent or partly ' +
        'paid, and 400 for another client’s matter or a request of another ledger.',
    },
    async (request, reply) => created(reply, 'Deposit recorded', await movements.deposit(firmPrincipalOf(request), request.body)),
  );
  movementRoute(
    contracts.disburse,
    {
      access: firmAccess('trustAccountRequest.create'),
      summary: 'Pay a third party from a client’s cleared trust funds (202 when above the two-person threshold)',
      description:
        'Up to the firm’s approval threshold the payment is posted and answered with 201 and its movement; above it, every rule is ' +
        'checked now and it is answered with 202 and a movement request awaiting a second person. Refused with 409 when the ledger’s ' +
        'funds or cleared funds fall short, the account is closed or the date is in a signed-off reconciliation period.',
    },
    async (request, reply) => movementAnswer(reply, await movements.disburse(firmPrincipalOf(request), request.body)),
  );
  movementRoute(
    contracts.refund,
    {
      access: firmAccess('trustAccountRequest.create'),
      summary: 'Return a client’s cleared trust funds to them (202 when above the two-person threshold)',
      description:
        'Up to the firm’s approval threshold the refund is posted and answered with 201 and its movement; above it, every rule is ' +
        'checked now and it is answered with 202 and a movement request awaiting a second person. Refused with 409 when the ledger’s ' +
        'funds or cleared funds fall short, the account is closed or the date is in a signed-off reconciliation period.',
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
      description:
        'Records the invoice payment (method Trust, with its receipt) and the trust movement out in one transaction, answered with 201; ' +
        'above the approval threshold it is checked and answered with 202 to await a second person. Refused with 400 when the trust ' +
        'account’s currency is not the invoice’s, and 409 when the invoice is not payable or the funds fall short.',
    },
    async (request, reply) => movementAnswer(reply, await movements.payInvoice(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.transfer,
    {
      access: firmAccess('trustAccountRequest.create'),
      summary: 'Move trust funds between a client’s matters or between clients (reason; both clients’ consent between clients)',
      description:
        'Moves the money between two ledgers of one trust account in one journal entry and answers both legs. Refused with 400 for ' +
        'the same ledger or, between clients, without a consent note, and 409 when the source’s cleared funds fall short.',
    },
    async (request, reply) => created(reply, 'Transfer recorded', await movements.transfer(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.reverse,
    {
      access: firmAccess('trustAccountRequest.delete'),
      summary: 'Reverse a trust movement with a reason (a new movement referencing it; both stay visible)',
      description:
        'Records the reversal (a transfer is reversed whole, an invoice payment on its invoice too) and answers it. Refused with 409 ' +
        'when the movement is already reversed or is itself a reversal, when money that came in is no longer there to go back out, ' +
        'or when the date is in a signed-off reconciliation period.',
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
      description:
        'Records the date the bank cleared the deposit and answers the deposit, now cleared. Refused with 409 unless it is an ' +
        'uncleared deposit not reversed, and 400 when the date is before the deposit’s.',
    },
    async (request) =>
      ok('Deposit cleared', await movements.clearDeposit(firmPrincipalOf(request), request.params.id, request.body.clearedDate)),
  );
  route(
    contracts.approveMovement,
    {
      access: firmAccess('trustAccountRequest.approve'),
      summary: 'Approve a movement waiting for a second person (not your own): it is checked and posted now',
      description:
        'Posts the disbursement, refund or invoice payment as asked, recording the approver beside its requester, and answers it as ' +
        'Posted. Refused with 403 for the person who asked for it, and 409 when it is no longer awaiting approval or the funds now ' +
        'fall short.',
    },
    async (request) => ok('Trust movement approved and recorded', await movements.approve(firmPrincipalOf(request), request.params.id)),
  );
  route(
    contracts.rejectMovement,
    {
      access: firmAccess('trustAccountRequest.approve'),
      summary: 'Reject a movement waiting for approval, with a reason',
      description:
        'Marks the movement request Rejected with the reason and answers it; no money moves. Its requester may reject (withdraw) ' +
        'their own. Refused with 409 when it is no longer awaiting approval.',
    },
    async (request) =>
      ok('Trust movement rejected', await movements.reject(firmPrincipalOf(request), request.params.id, request.body.reason)),
  );

  // ---- reads
  route(
    contracts.pendingMovements,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'Movements waiting for (or decided by) a second person',
      description: 'Answers a page of movement requests, newest first, filtered by status and trust account.',
    },
    async (request) => ok('Trust movement requests', await trust.movementRequests(firmPrincipalOf(request), request.query)),
  );
  route(
    contracts.transactions,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'Trust movements newest first, filtered; IsDownlodCsv=true answers text/csv',
      description:
        'Answers a page of the firm’s trust movements, newest recorded first, filtered by trust account, client, matter, type, dates, ' +
        'text and clearance; with IsDownlodCsv=true, the whole filtered list as a CSV file instead.',
    },
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
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'One trust movement with its journal lines, reversal and history',
      description:
        'Answers the movement, the other leg of its transfer, its journal entry’s lines, its audit history and whether it may still ' +
        'be reversed or cleared; 404 when it is not the firm’s.',
    },
    async (request) => ok('Trust transaction', await trust.record(firmPrincipalOf(request), request.params.id)),
  );
  route(
    ledgerContracts.clientLedger,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'A client’s (or matter’s) trust ledger newest first, with the balance after each movement',
      description:
        'Answers a page of the client’s movements (one matter’s, or one trust account’s, when named), each with the balance after it ' +
        'in its own currency, and what the ledgers hold per currency. 404 for an unknown client or another client’s matter.',
    },
    async (request) => ok('Client ledger', await trust.ledger(firmPrincipalOf(request), request.query)),
  );
  route(
    ledgerContracts.balance,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'A client’s (or matter’s) trust balance, per trust account and matter',
      description:
        'Answers what the client (or one matter) holds in trust per currency, and each ledger with any evergreen minimum; the single ' +
        'balance figures are null when the ledgers are in several currencies. 404 for an unknown client.',
    },
    async (request) =>
      ok('Trust balance', await trust.balance(firmPrincipalOf(request), request.query.ClientId, request.query.MatterId ?? null)),
  );
  route(
    contracts.accountLedgers,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'A trust account’s client ledgers with their balances',
      description:
        'Answers a page of the account’s client and matter ledgers, largest balance first, searchable by client name or matter ' +
        'number; 404 when the account is not the firm’s.',
    },
    async (request) => ok('Client ledgers', await trust.accountLedgers(firmPrincipalOf(request), request.query)),
  );

  // The PDF itself, not the envelope: no contract, only the path the web shares.
  api.get(
    trustStatementPath,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'A client’s (or matter’s) trust statement as a PDF',
        description:
          'Answers a printable statement of the movements dated in the period, oldest first with running balances, one section per ' +
          'currency with its opening balance. 404 for an unknown client or another client’s matter.',
        querystring: statementQuerySchema,
      },
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
