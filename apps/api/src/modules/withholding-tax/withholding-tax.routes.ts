import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paymentIdParamsSchema,
  withholdingTaxContracts as contracts,
  withholdingTaxCreditNoteFilePath,
  WITHHOLDING_TAX_MESSAGES,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { sendFile, uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import { createWithholdingTaxService } from './withholding-tax.service.ts';

const tags = ['Withholding tax'];

/**
 * Withholding tax (ADR 0093). Rates are read with `invoice` and set with `updateAccountSettings`, as the
 * invoice settings are; a client's treatment follows client permissions; credit notes, the schedule and
 * the chase list follow payment permissions.
 */
export function registerWithholdingTaxRoutes(app: FastifyInstance, { database, files }: { database: Database; files: FileStore }) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createWithholdingTaxService({ database, files });
  const creditNoteUpload = uploadSpec({
    maxBytes: 10 * 1024 * 1024,
    what: 'A credit note',
    fields: z.object({}),
    names: [],
    noFile: 'Choose the credit note’s file to upload',
    notMultipart: 'Send the credit note as multipart/form-data',
    fallbackName: 'credit-note',
  });

  route(
    contracts.settings,
    {
      access: firmAccess('invoice'),
      summary: 'The withholding tax rates the firm’s clients deduct from its fees, per kind of client (company, government, individual)',
      description:
        'Percentages of an invoice’s fee part (fees and flat fees after discount; never VAT or reimbursed costs); "0" until set.',
    },
    async (request) => ok('Withholding tax rates', await service.settings(firmPrincipalOf(request))),
  );
  route(
    contracts.updateSettings,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'Set the firm’s withholding tax rates per kind of client',
      description:
        'Each rate is a percentage from 0 to 100 with at most 2 decimals (400 otherwise). Payments already recorded keep their tax.',
    },
    async (request) => ok(WITHHOLDING_TAX_MESSAGES.ratesSaved, await service.updateSettings(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.client,
    {
      access: firmAccess('clientInfo'),
      summary: 'How a client is treated for withholding tax: its kind, its own rate if any, and the rate that applies',
      description: 'Until set, the kind follows the client’s type (individual, else company). 404 when the client is not the firm’s.',
    },
    async (request) => ok('Client withholding tax', await service.client(firmPrincipalOf(request), request.params.clientId)),
  );
  route(
    contracts.updateClient,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Set a client’s withholding tax kind (company, government, individual) and, when it differs, its own rate',
      description: 'rateOverride null: the firm’s rate for the kind; "0": the client deducts none. 404 when the client is not the firm’s.',
    },
    async (request) =>
      ok(WITHHOLDING_TAX_MESSAGES.clientSaved, await service.updateClient(firmPrincipalOf(request), request.params.clientId, request.body)),
  );
  route(
    contracts.recordCreditNote,
    {
      access: firmAccess('paymentInfo.create'),
      summary: 'Record the client’s WHT credit note (number and date) for the tax deducted from a payment; answers the invoice',
      description:
        'One per payment. 404 when the payment is not the firm’s; 409 when the payment had no WHT, was reversed (or is a reversal), or already has a credit note.',
    },
    async (request, reply) =>
      created(
        reply,
        WITHHOLDING_TAX_MESSAGES.creditNoteRecorded,
        await service.recordCreditNote(firmPrincipalOf(request), request.params.paymentId, request.body),
      ),
  );

  // Registered by hand from its contract: its multipart body is declared by `consumes`, which a contract cannot carry.
  const upload = contracts.uploadCreditNoteFile;
  api.route({
    method: upload.method,
    url: upload.path,
    config: { access: firmAccess('paymentInfo.create'), upload: creditNoteUpload },
    schema: {
      tags,
      summary: 'Attach the WHT credit note’s file (multipart/form-data, one file): PDF, JPEG or PNG by its content, at most 10 MB',
      description:
        'Stores the file and answers the invoice. 409 until the credit note’s number and date are recorded; 415 for another type, 413 when larger. A later file replaces the one shown; both are audited.',
      consumes: ['multipart/form-data'],
      params: upload.params,
      response: answers(upload.response, upload.status),
    },
    handler: async (request, reply) =>
      created(
        reply,
        'Credit note file attached',
        await service.uploadCreditNoteFile(firmPrincipalOf(request), request.params.paymentId, uploadOf(request, creditNoteUpload).upload),
      ),
  });

  // The file itself, not the envelope: no contract, only the path.
  api.get(
    withholdingTaxCreditNoteFilePath.path,
    {
      config: { access: firmAccess('paymentInfo') },
      schema: {
        tags,
        summary: 'A WHT credit note’s file, as a download (members who may see payments)',
        description: 'Answers the file’s bytes with its content type as a download (not the JSON envelope). 404 when none is attached.',
        params: paymentIdParamsSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => sendFile(reply, await service.openCreditNoteFile(firmPrincipalOf(request), request.params.paymentId)),
  );

  route(
    contracts.schedule,
    {
      access: firmAccess('paymentInfo'),
      summary: 'The withholding tax schedule for a period, tied to Withholding tax receivable (1250); format=csv or pdf answers a file',
      description:
        'Every payment dated in the period with WHT deducted, and reversals of such payments (negative): client, invoice, receipt, the invoice’s fee part, the money received, the WHT and its credit note (or outstanding). Totals and the check against what payments posted to 1250 in the period, per currency.',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      const { format, ...period } = request.query;
      if (format === 'csv' || format === 'pdf') {
        const file = format === 'csv' ? await service.scheduleCsv(principal, period) : await service.schedulePdf(principal, period);
        const name = `withholding-tax-schedule-${file.schedule.fromDate}-to-${file.schedule.toDate}.${format}`;
        return reply
          .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(file.content);
      }
      return ok('Withholding tax schedule', await service.schedule(principal, period));
    },
  );
  route(
    contracts.outstanding,
    {
      access: firmAccess('paymentInfo'),
      summary: 'WHT credit notes to chase: payments with WHT deducted, not reversed, still without a credit note, oldest first',
      description: 'Each with the days since the payment; totals per currency.',
    },
    async (request) => ok('Withholding tax credit notes outstanding', await service.outstanding(firmPrincipalOf(request))),
  );
}
