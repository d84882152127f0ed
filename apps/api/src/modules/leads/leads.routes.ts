import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LEAD_MESSAGES, leadContracts as calls, leadFileParamsSchema, leadFilePath } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { sendFile } from '../../platform/files/multipart-upload.ts';
import type { LeadFiles } from './lead-files.ts';
import { createLeadPipeline } from './lead-pipeline.ts';
import { createLeadsService } from './leads.service.ts';

const tags = ['Leads'];

/**
 * Leads (issue 45, ADR 80): prospective clients through the pipeline. Seeing them needs
 * `clientInfo`, entering one `clientInfo.create`, working one (details, status, notes, assignee,
 * conflict check) `clientInfo.edit`, deleting one `clientInfo.delete`: a lead is a client to be.
 */
export function registerLeadRoutes(app: FastifyInstance, { database, leadFiles }: { database: Database; leadFiles: LeadFiles }) {
  const route = contractRoutes(app, tags);
  const leads = createLeadsService(database);
  const pipeline = createLeadPipeline(database);
  const notFoundNote = '404 for a lead that is not the firm’s (or deleted).';

  route(
    calls.list,
    {
      access: firmAccess('clientInfo'),
      summary: 'The firm’s leads, newest first, filtered by status, assignee, practice area, source, form, words and the day they came in',
    },
    async (request) => ok('Leads', await leads.list(firmPrincipalOf(request), request.query)),
  );
  route(
    calls.board,
    { access: firmAccess('clientInfo'), summary: 'The pipeline board: each status’s count and its newest leads (the list’s filters)' },
    async (request) => ok('Lead board', await leads.board(firmPrincipalOf(request), request.query)),
  );
  route(
    calls.view,
    {
      access: firmAccess('clientInfo'),
      summary: 'A lead with its timeline, its form answers and files, its conflict check and the statuses it may move to',
      description: notFoundNote,
    },
    async (request) => ok('Lead', await leads.view(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.create,
    {
      access: firmAccess('clientInfo.create'),
      summary: 'Enters a lead that came by phone, referral or walk-in (status New; assigned to the caller unless another member is named)',
      description: '400 for missing names, a referral without its referrer, or an assignee or practice area that is not the firm’s.',
    },
    async (request, reply) => created(reply, LEAD_MESSAGES.created, await leads.create(firmPrincipalOf(request), request.body)),
  );
  route(
    calls.update,
    { access: firmAccess('clientInfo.edit'), summary: 'Saves a lead’s details (audited; on its timeline)', description: notFoundNote },
    async (request) => ok(LEAD_MESSAGES.updated, await leads.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    calls.changeStatus,
    {
      access: firmAccess('clientInfo.edit'),
      summary:
        'Moves a lead along the pipeline (LEAD_TRANSITIONS); Not engaged needs a reason, Engaged a conflict decision that lets the firm act',
      description: `409 with the reason for a move the pipeline refuses; 400 when Not engaged has no reason. ${notFoundNote}`,
    },
    async (request) =>
      ok(LEAD_MESSAGES.statusChanged, await pipeline.changeStatus(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    calls.addNote,
    { access: firmAccess('clientInfo.edit'), summary: 'Adds a note to a lead’s timeline', description: notFoundNote },
    async (request) => ok(LEAD_MESSAGES.noteAdded, await leads.addNote(firmPrincipalOf(request), request.params.id, request.body.note)),
  );
  route(
    calls.assign,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Assigns a lead to an active member of the firm (audited; on its timeline)',
      description: notFoundNote,
    },
    async (request) =>
      ok(LEAD_MESSAGES.assigned, await leads.assign(firmPrincipalOf(request), request.params.id, request.body.assigneeUserId)),
  );
  route(
    calls.runConflictCheck,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Runs the conflict check on the lead’s names and opposing parties (recorded like any check; replaces its earlier one)',
      description: `400 when the lead has no name to check. ${notFoundNote}`,
    },
    async (request) => ok(LEAD_MESSAGES.conflictChecked, await pipeline.runConflictCheck(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.recordConflictDecision,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Records the decision on the lead’s conflict check: cleared, waived with a reason, or a conflict (final for that check)',
      description: `409 when the lead has no current check (never run, or its names changed since) or it is decided; 403 without clientInfo.create or matterMaster.create (who may decide a check). ${notFoundNote}`,
    },
    async (request) =>
      ok(LEAD_MESSAGES.conflictDecided, await pipeline.recordConflictDecision(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    calls.remove,
    {
      access: firmAccess('clientInfo.delete'),
      summary: 'Sends a lead to the recycle bin, restorable there (audited); deleting one already in the bin answers the same',
      description: `409 when the lead was converted to a client (it is that client’s history), or has a consultation to come (cancel it first). 404 for a lead that is not the firm’s.`,
    },
    async (request) => ok(LEAD_MESSAGES.deleted, await leads.remove(firmPrincipalOf(request), request.params.id)),
  );

  // The file itself, not the envelope: no contract, only the path the contracts share.
  app.withTypeProvider<ZodTypeProvider>().get(
    leadFilePath.path,
    {
      config: { access: firmAccess('clientInfo') },
      schema: {
        tags,
        summary: 'A file uploaded with a lead’s form, as a download, once the virus scanner has passed it',
        description: '409 while it is being scanned or when the scanner refused it; 404 for a file that is not this lead’s.',
        params: leadFileParamsSchema,
      },
    },
    async (request, reply) =>
      sendFile(reply, await leadFiles.open(firmPrincipalOf(request).firmId, request.params.id, request.params.fileId)),
  );
}
