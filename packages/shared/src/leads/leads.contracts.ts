import { z } from 'zod';
import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import {
  leadAssignSchema,
  leadConflictDecisionSchema,
  leadCreateSchema,
  leadNoteSchema,
  leadStatusChangeSchema,
  leadUpdateSchema,
} from './lead.schemas.ts';
import { leadBoardQuerySchema, leadBoardSchema, leadListQuerySchema, leadPageSchema, leadSchema } from './lead-view.schemas.ts';

const base = '/api/admin/leads';

/** The firm's leads: prospective clients from its intake forms, the phone, referrals and walk-ins, through the pipeline. */
export const leadContracts = {
  list: defineRoute({ method: 'GET', path: `${base}/get-leads`, query: leadListQuerySchema, response: leadPageSchema }),
  board: defineRoute({ method: 'GET', path: `${base}/get-lead-board`, query: leadBoardQuerySchema, response: leadBoardSchema }),
  view: defineRoute({ method: 'GET', path: `${base}/get-lead/:id`, params: idParamsSchema, response: leadSchema }),
  create: defineRoute({ method: 'POST', path: `${base}/create-lead`, body: leadCreateSchema, response: leadSchema, status: 201 }),
  update: defineRoute({
    method: 'PUT',
    path: `${base}/update-lead/:id`,
    params: idParamsSchema,
    body: leadUpdateSchema,
    response: leadSchema,
  }),
  changeStatus: defineRoute({
    method: 'POST',
    path: `${base}/change-lead-status/:id`,
    params: idParamsSchema,
    body: leadStatusChangeSchema,
    response: leadSchema,
  }),
  addNote: defineRoute({
    method: 'POST',
    path: `${base}/add-lead-note/:id`,
    params: idParamsSchema,
    body: leadNoteSchema,
    response: leadSchema,
  }),
  assign: defineRoute({
    method: 'POST',
    path: `${base}/assign-lead/:id`,
    params: idParamsSchema,
    body: leadAssignSchema,
    response: leadSchema,
  }),
  runConflictCheck: defineRoute({
    method: 'POST',
    path: `${base}/run-lead-conflict-check/:id`,
    params: idParamsSchema,
    response: leadSchema,
  }),
  recordConflictDecision: defineRoute({
    method: 'POST',
    path: `${base}/record-lead-conflict-decision/:id`,
    params: idParamsSchema,
    body: leadConflictDecisionSchema,
    response: leadSchema,
  }),
  remove: defineRoute({ method: 'DELETE', path: `${base}/delete-lead/:id`, params: idParamsSchema, response: z.null() }),
};

/** A lead's uploaded file (no envelope, so no contract): GET, fill in :id and :fileId with pathOf. 409 until scanned clean. */
export const leadFilePath = { path: `${base}/download-lead-file/:id/:fileId` } as const;
