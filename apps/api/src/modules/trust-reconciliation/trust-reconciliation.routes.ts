import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importStatementFieldsSchema,
  TRUST_RECONCILIATION_MESSAGES,
  TRUST_STATEMENT_MAX_BYTES,
  trustReconciliationContracts as contracts,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { readFile } from 'node:fs/promises';
import { uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { StatementUpload } from './bank-statements.service.ts';
import { createTrustReconciliationService } from './trust-reconciliation.service.ts';

const tags = ['Trust reconciliation'];

/** Fields left blank in the form are not sent. */
const withoutBlankFields = (fields: unknown) =>
  Object.fromEntries(Object.entries(fields as Record<string, string>).filter(([, value]) => value.trim() !== ''));

const statementUpload = uploadSpec({
  maxBytes: TRUST_STATEMENT_MAX_BYTES,
  tooLarge: TRUST_RECONCILIATION_MESSAGES.fileTooLarge,
  fields: z.preprocess(withoutBlankFields, importStatementFieldsSchema),
  names: ['statementDate', 'closingBalance'],
  noFile: TRUST_RECONCILIATION_MESSAGES.fileRequired,
  notMultipart: 'Send the bank statement as multipart/form-data',
  fallbackName: '',
});

/** The CSV file (≤ 2 MB, read whole) and the optional statementDate/closingBalance fields, as received. */
async function readStatement(request: FastifyRequest): Promise<StatementUpload> {
  const { fields, received } = uploadOf(request, statementUpload);
  const fileName = received.fileName.replace(/[^\w .()-]/g, '_');
  return { content: await readFile(received.path), fileName: fileName || null, ...fields };
}

/**
 * Three-way reconciliation of the trust bank accounts (issue 16; ADR 0025). trustAccountRequest
 * reads; trustAccountRequest.edit imports statements, records balances, matches lines and signs off.
 */
export function registerTrustReconciliationRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createTrustReconciliationService(database);

  route(
    contracts.view,
    {
      access: firmAccess('trustAccountRequest'),
      summary:
        'The three-way reconciliation of a trust account as of the end of asOf (today when left out): the trust bank in the ' +
        'general ledger, the sum of the client ledgers (per client, paged with page/size) and the latest bank balance dated ' +
        '≤ asOf, with uncleared deposits, unpresented payments and unmatched bank lines itemised, the adjusted bank balance and isBalanced',
      description:
        'Answers the three balances, their differences, the first 50 items of each kind with the totals and counts of all, whether ' +
        'everything agrees and the last signed-off period end; read from one snapshot. 404 when the account is not the firm’s.',
    },
    async (request) => ok('Reconciliation', await service.get(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.alerts,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'Active trust accounts whose ledger, client ledgers and (when entered) adjusted bank balance disagree today',
      description:
        'Reconciles every open trust account as of today in the firm’s time zone and answers those that do not agree, with their ' +
        'balances; an empty list when all agree.',
    },
    async (request) => ok('Reconciliation alerts', await service.alerts(firmPrincipalOf(request))),
  );

  // Registered by hand from its contract: its multipart body is declared by `consumes`, which a contract cannot carry.
  const importStatement = contracts.importStatement;
  api.route({
    method: importStatement.method,
    url: importStatement.path,
    config: { access: firmAccess('trustAccountRequest.edit'), upload: statementUpload },
    schema: {
      tags,
      summary:
        'Import a bank statement CSV (multipart/form-data: file; optional fields statementDate and closingBalance before it). ' +
        'Columns date, description, amount (signed: money out negative), balance. The statement date and closing balance are ' +
        "the last line's unless given. A bad row refuses the whole file (400, naming the row). Lines are then matched to " +
        'movements by amount, date (within 5 days) and reference. A line the account already holds (same date, amount, balance, ' +
        'description and occurrence in its file) is skipped and counted in alreadyImportedCount',
      description:
        'Reads the whole file before saving anything and answers the statement with how many lines were new, matched and already ' +
        'held. Refused with 413 over 2 MB, 400 for an unreadable file or a bad row, and 409 when the statement date is in a ' +
        'signed-off period.',
      consumes: ['multipart/form-data'],
      params: importStatement.params,
      response: answers(importStatement.response, importStatement.status),
    },
    handler: async (request, reply) => {
      const upload = await readStatement(request);
      const statement = await service.importStatement(firmPrincipalOf(request), request.params.trustAccountId, upload);
      return created(
        reply,
        `Bank statement imported: ${TRUST_RECONCILIATION_MESSAGES.importedCounts(statement.alreadyImportedCount, statement.lineCount)}`,
        statement,
      );
    },
  });

  route(
    contracts.recordBalance,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: "Record the bank's balance of the trust account on a date, as read from a statement (no lines)",
      description:
        'Saves the balance as a statement without lines, which the reconciliation then uses as the bank’s balance from that date, ' +
        'and answers it. Refused with 409 when the date is in a signed-off period.',
    },
    async (request, reply) =>
      created(
        reply,
        'Bank balance recorded',
        await service.recordBankBalance(firmPrincipalOf(request), request.params.trustAccountId, request.body),
      ),
  );

  route(
    contracts.lines,
    {
      access: firmAccess('trustAccountRequest'),
      summary: "A trust account's imported bank lines, newest first, each with the movement it is matched to (IsUnmatchedOnly)",
      description:
        'Answers a page of the account’s bank statement lines by line date, newest first, each with how it was matched; ' +
        'IsUnmatchedOnly=true keeps only the unmatched. 404 when the account is not the firm’s.',
    },
    async (request) => ok('Statement lines', await service.lines(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.candidates,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'Unmatched movements of a bank line’s account with its amount and sign, nearest in date first (up to 20)',
      description:
        'Answers the movements a bank line could be matched to by hand, however far apart in date; an empty list when none fits. ' +
        '404 when the line is not the firm’s.',
    },
    async (request) => ok('Match candidates', await service.candidates(firmPrincipalOf(request), request.query.lineId)),
  );

  route(
    contracts.match,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: 'Match a bank line to a trust movement of the same account, amount and sign (money in: positive)',
      description:
        'Matches the line by hand and answers it with its movement. Refused with 400 when the account or signed amount differs or ' +
        'the movement is a transfer within the account, and 409 when either is already matched or the line is in a signed-off period.',
    },
    async (request) => ok('Statement line matched', await service.match(firmPrincipalOf(request), request.params.lineId, request.body)),
  );

  route(
    contracts.unmatch,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: 'Undo a bank line’s match',
      description:
        'Removes the line’s match, automatic or manual, and answers the line. Refused with 409 when it is not matched or is in a ' +
        'signed-off period.',
    },
    async (request) => ok('Statement line unmatched', await service.unmatch(firmPrincipalOf(request), request.params.lineId)),
  );

  route(
    contracts.signOff,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary:
        'Sign off the reconciliation of the period ending periodEnd: only when the three balances agree as of it. Afterwards ' +
        'the database refuses any movement dated on or before periodEnd',
      description:
        'Records the sign-off with the balances as of periodEnd and answers it. Refused with 400 when the period has not ended, ' +
        'there is no bank balance by then or the balances disagree, and 409 when periodEnd is not after the last signed-off period.',
    },
    async (request, reply) =>
      created(
        reply,
        'Reconciliation signed off',
        await service.signOff(firmPrincipalOf(request), request.params.trustAccountId, request.body),
      ),
  );

  route(
    contracts.history,
    {
      access: firmAccess('trustAccountRequest'),
      summary: "A trust account's signed-off reconciliations, latest period first",
      description:
        'Answers a page of the account’s sign-offs, each with the balances signed off, who signed and the note; 404 when the ' +
        'account is not the firm’s.',
    },
    async (request) => ok('Reconciliations', await service.history(firmPrincipalOf(request), request.query)),
  );
}
