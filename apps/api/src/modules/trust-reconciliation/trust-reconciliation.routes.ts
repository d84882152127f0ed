import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankStatementSchema,
  importStatementFieldsSchema,
  matchCandidatesQuerySchema,
  matchCandidatesSchema,
  matchStatementLineSchema,
  reconciliationAlertsSchema,
  reconciliationHistoryPageSchema,
  reconciliationHistoryQuerySchema,
  reconciliationQuerySchema,
  reconciliationSchema,
  recordBankBalanceSchema,
  signedOffReconciliationSchema,
  signOffReconciliationSchema,
  statementLinePageSchema,
  statementLineQuerySchema,
  statementLineSchema,
  TRUST_RECONCILIATION_MESSAGES,
  TRUST_STATEMENT_MAX_BYTES,
  uuidField,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { readFile } from 'node:fs/promises';
import { AppError } from '../../lib/errors.ts';
import { uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTrustReconciliationService, type StatementUpload } from './trust-reconciliation.service.ts';

const tags = ['Trust reconciliation'];
const base = '/api/admin/trust-account';
const accountParamsSchema = z.object({ trustAccountId: uuidField('Trust account') });
const lineParamsSchema = z.object({ lineId: uuidField('Statement line') });

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createTrustReconciliationService(database);

  api.get(
    `${base}/get-reconciliation`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary:
          'The three-way reconciliation of a trust account as of the end of asOf (today when left out): the trust bank in the ' +
          'general ledger, the sum of the client ledgers (per client, paged with page/size) and the latest bank balance dated ' +
          '≤ asOf, with uncleared deposits, unpresented payments and unmatched bank lines itemised, the adjusted bank balance and isBalanced',
        querystring: reconciliationQuerySchema,
        response: answers(reconciliationSchema),
      },
    },
    async (request) => ok('Reconciliation', await service.get(firmPrincipalOf(request), request.query)),
  );

  api.get(
    `${base}/get-reconciliation-alerts`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'Active trust accounts whose ledger, client ledgers and (when entered) adjusted bank balance disagree today',
        response: answers(reconciliationAlertsSchema),
      },
    },
    async (request) => ok('Reconciliation alerts', await service.alerts(firmPrincipalOf(request))),
  );

  api.post(
    `${base}/import-bank-statement/:trustAccountId`,
    {
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
        params: accountParamsSchema,
        response: answers(bankStatementSchema, 201),
      },
    },
    async (request, reply) => {
      const upload = await readStatement(request);
      const statement = await service.importStatement(firmPrincipalOf(request), request.params.trustAccountId, upload);
      return created(
        reply,
        `Bank statement imported: ${TRUST_RECONCILIATION_MESSAGES.importedCounts(statement.alreadyImportedCount, statement.lineCount)}`,
        statement,
      );
    },
  );

  api.post(
    `${base}/record-bank-balance/:trustAccountId`,
    {
      config: { access: firmAccess('trustAccountRequest.edit') },
      schema: {
        tags,
        summary: "Record the bank's balance of the trust account on a date, as read from a statement (no lines)",
        params: accountParamsSchema,
        body: recordBankBalanceSchema,
        response: answers(bankStatementSchema, 201),
      },
    },
    async (request, reply) =>
      created(
        reply,
        'Bank balance recorded',
        await service.recordBankBalance(firmPrincipalOf(request), request.params.trustAccountId, request.body),
      ),
  );

  api.get(
    `${base}/get-statement-lines`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: "A trust account's imported bank lines, newest first, each with the movement it is matched to (IsUnmatchedOnly)",
        querystring: statementLineQuerySchema,
        response: answers(statementLinePageSchema),
      },
    },
    async (request) => ok('Statement lines', await service.lines(firmPrincipalOf(request), request.query)),
  );

  api.get(
    `${base}/get-match-candidates`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: 'Unmatched movements of a bank line’s account with its amount and sign, nearest in date first (up to 20)',
        querystring: matchCandidatesQuerySchema,
        response: answers(matchCandidatesSchema),
      },
    },
    async (request) => ok('Match candidates', await service.candidates(firmPrincipalOf(request), request.query.lineId)),
  );

  api.post(
    `${base}/match-statement-line/:lineId`,
    {
      config: { access: firmAccess('trustAccountRequest.edit') },
      schema: {
        tags,
        summary: 'Match a bank line to a trust movement of the same account, amount and sign (money in: positive)',
        params: lineParamsSchema,
        body: matchStatementLineSchema,
        response: answers(statementLineSchema),
      },
    },
    async (request) => ok('Statement line matched', await service.match(firmPrincipalOf(request), request.params.lineId, request.body)),
  );

  api.post(
    `${base}/unmatch-statement-line/:lineId`,
    {
      config: { access: firmAccess('trustAccountRequest.edit') },
      schema: { tags, summary: 'Undo a bank line’s match', params: lineParamsSchema, response: answers(statementLineSchema) },
    },
    async (request) => ok('Statement line unmatched', await service.unmatch(firmPrincipalOf(request), request.params.lineId)),
  );

  api.post(
    `${base}/sign-off-reconciliation/:trustAccountId`,
    {
      config: { access: firmAccess('trustAccountRequest.edit') },
      schema: {
        tags,
        summary:
          'Sign off the reconciliation of the period ending periodEnd: only when the three balances agree as of it. Afterwards ' +
          'the database refuses any movement dated on or before periodEnd',
        params: accountParamsSchema,
        body: signOffReconciliationSchema,
        response: answers(signedOffReconciliationSchema, 201),
      },
    },
    async (request, reply) =>
      created(
        reply,
        'Reconciliation signed off',
        await service.signOff(firmPrincipalOf(request), request.params.trustAccountId, request.body),
      ),
  );

  api.get(
    `${base}/get-reconciliations`,
    {
      config: { access: firmAccess('trustAccountRequest') },
      schema: {
        tags,
        summary: "A trust account's signed-off reconciliations, latest period first",
        querystring: reconciliationHistoryQuerySchema,
        response: answers(reconciliationHistoryPageSchema),
      },
    },
    async (request) => ok('Reconciliations', await service.history(firmPrincipalOf(request), request.query)),
  );
}
