import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import {
  conflictCheckListQuerySchema,
  conflictCheckPageSchema,
  conflictCheckRecordSchema,
  conflictCheckResultSchema,
  recordConflictDecisionSchema,
  runConflictCheckSchema,
} from './conflict-check.schemas.ts';

const base = '/api/admin/conflict-check';

export const conflictCheckRunRoute = defineRoute({
  method: 'POST',
  path: `${base}/run-conflict-check`,
  body: runConflictCheckSchema,
  response: conflictCheckResultSchema,
});

export const conflictCheckDecisionRoute = defineRoute({
  method: 'POST',
  path: `${base}/record-decision/:id`,
  params: idParamsSchema,
  body: recordConflictDecisionSchema,
  response: conflictCheckRecordSchema,
});

export const conflictCheckListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-conflict-checks`,
  query: conflictCheckListQuerySchema,
  response: conflictCheckPageSchema,
});

export const conflictCheckViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-conflict-check/:id`,
  params: idParamsSchema,
  response: conflictCheckRecordSchema,
});

export const conflictCheckContracts = {
  run: conflictCheckRunRoute,
  recordDecision: conflictCheckDecisionRoute,
  list: conflictCheckListRoute,
  view: conflictCheckViewRoute,
};
