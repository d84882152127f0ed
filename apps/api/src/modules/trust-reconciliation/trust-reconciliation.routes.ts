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
import { AppError } from '../../lib/errors.ts';
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
  fields: z.preprocess(withoutBlankFields, importStatementFieldsSchema),
  names: ['statementDate', 'closingBalance'],
  noFile: TRUST_RECONCILIATION_MESSAGES.fileRequired,
  notMultipart: 'Send the bank statement as multipart/form-data',
  fallbackName: '',
});

/** The CSV file (≤ 2 MB, read whole) and the optional statementDate/closingBalance fields, as received. */
async function readStatement(request: FastifyRequest): Promise<StatementUpload> {
  const { fields, received } = uploadOf(request, statementUpload);
  if (received.isOverLimit) throw new AppError(413, TRUST_RECONCILIATION_MESSAGES.fileTooLarge);
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
    },
    async (request) => ok('Reconciliation', await service.get(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.alerts,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'Active trust accounts whose ledger, client ledgers and (when entered) adjusted bank balance disagree today',
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
    },
    async (request) => ok('Statement lines', await service.lines(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.candidates,
    {
      access: firmAccess('trustAccountRequest'),
      summary: 'Unmatched movements of a bank line’s account with its amount and sign, nearest in date first (up to 20)',
    },
    async (request) => ok('Match candidates', await service.candidates(firmPrincipalOf(request), request.query.lineId)),
  );

  route(
    contracts.match,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary: 'Match a bank line to a trust movement of the same account, amount and sign (money in: positive)',
    },
    async (request) => ok('Statement line matched', await service.match(firmPrincipalOf(request), request.params.lineId, request.body)),
  );

  route(contracts.unmatch, { access: firmAccess('trustAccountRequest.edit'), summary: 'Undo a bank line’s match' }, async (request) =>
    ok('Statement line unmatched', await service.unmatch(firmPrincipalOf(request), request.params.lineId)),
  );

  route(
    contracts.signOff,
    {
      access: firmAccess('trustAccountRequest.edit'),
      summary:
        'Sign off the reconciliation of the period ending periodEnd: only when the three balances agree as of it. Afterwards ' +
        'the database refuses any movement dated on or before periodEnd',
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
    { access: firmAccess('trustAccountRequest'), summary: "A trust account's signed-off reconciliations, latest period first" },
    async (request) => ok('Reconciliations', await service.history(firmPrincipalOf(request), request.query)),
  );
}
