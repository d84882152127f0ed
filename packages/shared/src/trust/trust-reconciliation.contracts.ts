import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { uuidField } from '../common/fields.ts';
import {
  bankStatementSchema,
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
} from './trust-reconciliation.schemas.ts';

const base = '/api/admin/trust-account';
const accountParamsSchema = z.object({ trustAccountId: uuidField('Trust account').describe('The trust account’s id (a UUID).') });
const lineParamsSchema = z.object({ lineId: uuidField('Statement line').describe('The bank statement line’s id (a UUID).') });

export const reconciliationViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-reconciliation`,
  query: reconciliationQuerySchema,
  response: reconciliationSchema,
});

/** The dashboard's card reads this path without the schema (features/dashboard). */
export const reconciliationAlertsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-reconciliation-alerts`,
  response: reconciliationAlertsSchema,
});

/**
 * The body is multipart/form-data (the CSV file, with the optional statementDate and closingBalance
 * fields before it), which a contract's JSON body cannot say: no `body` here.
 */
export const reconciliationImportStatementRoute = defineRoute({
  method: 'POST',
  path: `${base}/import-bank-statement/:trustAccountId`,
  params: accountParamsSchema,
  response: bankStatementSchema,
  status: 201,
});

export const reconciliationRecordBalanceRoute = defineRoute({
  method: 'POST',
  path: `${base}/record-bank-balance/:trustAccountId`,
  params: accountParamsSchema,
  body: recordBankBalanceSchema,
  response: bankStatementSchema,
  status: 201,
});

export const reconciliationLinesRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-statement-lines`,
  query: statementLineQuerySchema,
  response: statementLinePageSchema,
});

export const reconciliationCandidatesRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-match-candidates`,
  query: matchCandidatesQuerySchema,
  response: matchCandidatesSchema,
});

export const reconciliationMatchRoute = defineRoute({
  method: 'POST',
  path: `${base}/match-statement-line/:lineId`,
  params: lineParamsSchema,
  body: matchStatementLineSchema,
  response: statementLineSchema,
});

export const reconciliationUnmatchRoute = defineRoute({
  method: 'POST',
  path: `${base}/unmatch-statement-line/:lineId`,
  params: lineParamsSchema,
  response: statementLineSchema,
});

export const reconciliationSignOffRoute = defineRoute({
  method: 'POST',
  path: `${base}/sign-off-reconciliation/:trustAccountId`,
  params: accountParamsSchema,
  body: signOffReconciliationSchema,
  response: signedOffReconciliationSchema,
  status: 201,
});

export const reconciliationHistoryRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-reconciliations`,
  query: reconciliationHistoryQuerySchema,
  response: reconciliationHistoryPageSchema,
});

export const trustReconciliationContracts = {
  view: reconciliationViewRoute,
  alerts: reconciliationAlertsRoute,
  importStatement: reconciliationImportStatementRoute,
  recordBalance: reconciliationRecordBalanceRoute,
  lines: reconciliationLinesRoute,
  candidates: reconciliationCandidatesRoute,
  match: reconciliationMatchRoute,
  unmatch: reconciliationUnmatchRoute,
  signOff: reconciliationSignOffRoute,
  history: reconciliationHistoryRoute,
};
