import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_IMPORT_MAX_ROWS,
  BULK_IMPORT_MESSAGES,
  bulkImportContracts,
  bulkImportErrorsPath,
  bulkImportFieldsSchema,
  bulkImportSchema,
  bulkImportUploadPath,
} from '@matterhorn/shared';
import { contentDispositionOf } from '../../lib/file-names.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import { IMPORT_MAX_BYTES, type BulkImportService } from './bulk-import.service.ts';

const tags = ['Bulk import'];

/** Bulk import (issue 39): upload, map, dry run, run in the background, follow it, download the refused rows. */
export function registerBulkImportRoutes(app: FastifyInstance, imports: BulkImportService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const route = contractRoutes(app, tags);
  const fileUpload = uploadSpec({
    maxBytes: IMPORT_MAX_BYTES,
    fields: bulkImportFieldsSchema,
    names: ['kind'],
    noFile: BULK_IMPORT_MESSAGES.noFile,
  });

  api.post(
    bulkImportUploadPath.path,
    {
      config: { access: firmAccess('bulkImport.create'), upload: fileUpload },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        summary:
          'Upload a CSV or .xlsx file of clients, matters, time entries, expenses, opening trust balances or opening receivables (multipart: kind, then the file, at most 25 MB)',
        description: `Stores the file, reads its header row and counts its records; answers the import with the mapping offered (the firm’s saved one, else matched by header). 400 for a file that is not CSV or .xlsx (or an .xlsx that would inflate past the limits) or has no records; 413 past 25 MB or past ${BULK_IMPORT_MAX_ROWS.toLocaleString('en-US')} records, keeping nothing.`,
        response: answers(bulkImportSchema, 201),
      },
    },
    async (request, reply) => {
      const { fields, received } = uploadOf(request, fileUpload);
      const answer = await imports.upload(firmPrincipalOf(request), fields.kind, received);
      return created(reply, BULK_IMPORT_MESSAGES.uploaded, answer);
    },
  );
  route(
    bulkImportContracts.list,
    { access: firmAccess('bulkImport'), summary: 'The firm’s recent imports, newest first, with their progress and counts' },
    async (request) => ok('Imports', await imports.list(firmPrincipalOf(request))),
  );
  route(
    bulkImportContracts.status,
    { access: firmAccess('bulkImport'), summary: 'One import: its mapping, dry-run report, progress and counts' },
    async (request) => ok('Import', await imports.status(firmPrincipalOf(request), request.params.id)),
  );
  route(
    bulkImportContracts.map,
    {
      access: firmAccess('bulkImport.create'),
      summary: 'Sets which column each field is read from; saved for the firm’s next file of this kind',
      description: '400 when a required field has no column; a header not in the file counts as none.',
    },
    async (request) =>
      ok(BULK_IMPORT_MESSAGES.mapped, await imports.map(firmPrincipalOf(request), request.params.id, request.body.mapping)),
  );
  route(
    bulkImportContracts.dryRun,
    {
      access: firmAccess('bulkImport.create'),
      summary: 'Starts the dry run in the background: every row checked, nothing written; follow it with status/{id}',
      description:
        'Answers the import as checking, with its progress; once checked, status/{id} holds the report: how many rows would be created, are duplicates or invalid, and why. ' +
        'Duplicates are found within the file and against the firm’s records and earlier imports; names are checked for conflicts. ' +
        '409 while a dry run or the run is under way, or once done. A dry run that stopped (a restart) goes back to uploaded with its reason: run it again.',
    },
    async (request) => ok(BULK_IMPORT_MESSAGES.checking, await imports.dryRun(firmPrincipalOf(request), request.params.id)),
  );
  route(
    bulkImportContracts.run,
    {
      access: firmAccess('bulkImport.create'),
      summary: 'Imports the checked file in the background; follow it with status/{id}',
      description: '400 before a dry run; 409 while it runs or once done. Rows imported before (by any file) are skipped.',
    },
    async (request) => ok(BULK_IMPORT_MESSAGES.started, await imports.run(firmPrincipalOf(request), request.params.id)),
  );
  api.get(
    bulkImportErrorsPath.path,
    {
      config: { access: firmAccess('bulkImport') },
      schema: {
        tags,
        summary: 'The rows the import refused, as CSV: the file’s columns plus error, to fix and upload again',
        description: 'Answers text/csv (not the JSON envelope). 404 when no row was refused.',
        params: z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The import’s id.') }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = await imports.errors(firmPrincipalOf(request), request.params.id);
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDispositionOf(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
}
