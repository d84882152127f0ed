import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  paymentProofPath,
  paymentReportContracts as contracts,
  portalBillingContracts,
  paymentReportSchema,
  reportBankTransferFieldsSchema,
} from '@matterhorn/shared';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, portalAccess, portalPrincipalOf } from '../../plugins/route-access.ts';
import { sendFile, uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import { PROOF_MAX_BYTES, type PaymentReportService } from './payment-reports.service.ts';

const tags = ['Client portal payments'];

/** Bank transfers clients report from the portal, and the firm's confirmation (paymentInfo.create) or rejection. */
export function registerPaymentReportRoutes(app: FastifyInstance, reports: PaymentReportService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const route = contractRoutes(app, tags);
  const proofUpload = uploadSpec({
    maxBytes: PROOF_MAX_BYTES,
    what: 'Proof of payment',
    fields: reportBankTransferFieldsSchema,
    names: ['InvoiceId', 'TrustRequestId', 'amount', 'paymentDate', 'reference'],
    noFile: 'Choose a file to upload',
  });

  api.post(
    '/api/client-portal/report-bank-transfer',
    {
      config: { access: portalAccess(), upload: proofUpload },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        summary:
          'Report a bank transfer for one of your sent invoices or trust requests (multipart: InvoiceId or TrustRequestId, amount, ' +
          'paymentDate, optional reference, then the proof: PDF, JPEG, PNG or HEIC, at most 10 MB). Nothing is paid until the firm ' +
          'confirms it; one waiting report per invoice or request (409)',
        description:
          'Stores the proof and records the report as reported, for the firm to confirm or reject; answers it. Refused with 400 ' +
          'when the amount is more than is still due, 409 when nothing is left to pay or a report of it is already waiting, ' +
          '404 for an invoice or request not sent to the client, and 413 or 415 for a proof too large or of another type.',
        response: answers(paymentReportSchema, 201),
      },
    },
    async (request, reply) => {
      const { fields, upload } = uploadOf(request, proofUpload);
      const report = await reports.report(
        portalPrincipalOf(request),
        { ...fields, invoiceId: fields.InvoiceId, trustRequestId: fields.TrustRequestId },
        upload,
      );
      return created(reply, 'Payment reported: your firm will confirm it', report);
    },
  );

  route(
    portalBillingContracts.paymentReports,
    {
      access: portalAccess(),
      summary: 'The transfers you reported, newest first, with the firm’s decision',
      description:
        'The signed-in client’s bank-transfer reports, newest first (at most 200), each with what it paid, what is still due and ' +
        'the firm’s decision: reported, confirmed or rejected with the reason.',
    },
    async (request) => ok('Payment reports', await reports.clientReports(portalPrincipalOf(request))),
  );

  route(
    contracts.list,
    {
      access: firmAccess('paymentInfo'),
      summary: 'Bank transfers clients reported from the portal (Status=reported for those waiting), newest first',
      description:
        'Every client’s bank-transfer reports, newest first (at most 200), optionally only those in one status, each with what ' +
        'the invoice or trust request still owes now.',
    },
    async (request) => ok('Payment reports', await reports.list(firmPrincipalOf(request), request.query.Status)),
  );

  route(
    contracts.confirm,
    {
      access: firmAccess('paymentInfo.create'),
      summary:
        'Confirm a reported transfer: records it as the invoice’s payment (receipt, journal entry) or as a trust deposit against the ' +
        'trust request, once; 409 if decided already',
      description:
        'Records the reported amount in the same transaction: a Bank transfer payment on the invoice (receipt and journal entry), ' +
        'with the withholding tax the client deducted when withholdingTaxAmount is given, or ' +
        'a cleared trust deposit against the request; answers the report, now confirmed. Refused with 409 when it was decided ' +
        'already or is now more than the trust request still asks, and 400 when it is now more than the invoice still owes.',
    },
    async (request) =>
      ok(
        'Payment confirmed',
        await reports.confirm(firmPrincipalOf(request), request.params.id, request.body?.withholdingTaxAmount ?? null),
      ),
  );

  route(
    contracts.reject,
    {
      access: firmAccess('paymentInfo.create'),
      summary: 'Reject a reported transfer with the reason the client will read',
      description:
        'Marks the report rejected with the reason (audited) and records no payment; answers the report. Refused with 409 when it ' +
        'was confirmed or rejected already.',
    },
    async (request) => ok('Payment rejected', await reports.reject(firmPrincipalOf(request), request.params.id, request.body.reason)),
  );

  api.get(
    paymentProofPath.path,
    {
      config: { access: firmAccess('paymentInfo') },
      schema: {
        tags,
        summary: 'The proof of payment the client uploaded',
        description:
          'Answers the proof file’s bytes (not the JSON envelope) with its file name and type; 404 for a report that is not the firm’s.',
        params: idParamsSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => sendFile(reply, await reports.proof(firmPrincipalOf(request).firmId, request.params.id)),
  );
}
