import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, ROUTE_CONTRACTS } from '@matterhorn/shared';
import type { RouteAccess } from './route-access.ts';

/** What a file route sends: its media type, and whether it is text (a string) or bytes. */
type FileAnswer = { mediaType: string; description: string };

const PDF: FileAnswer = { mediaType: 'application/pdf', description: 'The PDF, as an attachment.' };
const STORED_FILE: FileAnswer = {
  mediaType: 'application/octet-stream',
  description:
    'The stored file as it was uploaded, with the Content-Type read from its content and a file name (Content-Disposition) ending in that type.',
};
const PAGE_IMAGE: FileAnswer = { mediaType: 'image/png', description: 'The page as a PNG, drawn by the server.' };
const CALENDAR: FileAnswer = { mediaType: 'text/calendar', description: 'An iCalendar feed (RFC 5545) of the hearings.' };
const LEDES: FileAnswer = { mediaType: 'text/plain', description: 'A LEDES 1998B or 1998BI file (the client’s format), as an attachment.' };
const CSV: FileAnswer = {
  mediaType: 'text/csv',
  description:
    'With IsDownlodCsv=true (format=csv on accounting calls): the whole filtered list as CSV (UTF-8 with a byte-order mark, CRLF line endings).',
};

/**
 * The routes registered without a shared contract (files, feeds, sign-in, webhooks): the names a
 * generated client gives their calls, kept here so they never change with a refactor, and what
 * each file route sends. A contract route's name is its module and call in ROUTE_CONTRACTS.
 */
const HAND_REGISTERED: Record<string, { operationId: string; sends?: FileAnswer }> = {
  'GET /api/health': { operationId: 'health' },
  'GET /api/admin/email-delivery/invoice': { operationId: 'emailDeliveryInvoiceEmails' },
  'POST /api/admin/email-delivery/invoice/{id}/retry': { operationId: 'emailDeliveryRetryInvoiceEmail' },
  'GET /api/admin/email-delivery/trust-request': { operationId: 'emailDeliveryTrustRequestEmails' },
  'POST /api/admin/email-delivery/trust-request/{id}/retry': { operationId: 'emailDeliveryRetryTrustRequestEmail' },
  'GET /api/admin/email-delivery/team-invitation': { operationId: 'emailDeliveryTeamInvitationEmails' },
  'POST /api/admin/email-delivery/team-invitation/{id}/retry': { operationId: 'emailDeliveryRetryTeamInvitationEmail' },
  'POST /api/auth/signup': { operationId: 'authSignUp' },
  'POST /api/auth/login': { operationId: 'authLogin' },
  'POST /api/auth/trust-browser': { operationId: 'authTrustBrowser' },
  'POST /api/auth/logout': { operationId: 'authLogout' },
  'POST /api/auth/verify-email': { operationId: 'authVerifyEmail' },
  'POST /api/auth/resend-verification': { operationId: 'authResendVerification' },
  'POST /api/auth/forgot-password': { operationId: 'authForgotPassword' },
  'POST /api/auth/reset-password': { operationId: 'authResetPassword' },
  'GET /api/auth/invitation/{id}': { operationId: 'authInvitation' },
  'POST /api/auth/join-team': { operationId: 'authJoinTeam' },
  'GET /api/users/get-user-profile': { operationId: 'profileView' },
  'GET /api/me/permissions': { operationId: 'profilePermissions' },
  'GET /api/admin/expense-flat-fees-info/download-expense-receipt/{id}/{fileId}': {
    operationId: 'expensesDownloadReceipt',
    sends: STORED_FILE,
  },
  'GET /api/admin/leads/download-lead-file/{id}/{fileId}': { operationId: 'leadsDownloadFile', sends: STORED_FILE },
  'GET /api/withholding-tax/download-credit-note-file/{paymentId}': {
    operationId: 'withholdingTaxDownloadCreditNoteFile',
    sends: STORED_FILE,
  },
  'GET /api/admin/accounting/download-journal-attachment/{id}/{attachmentId}': {
    operationId: 'accountingDownloadJournalAttachment',
    sends: STORED_FILE,
  },
  'GET /api/admin/progress-update/progress-note/{id}/attachments/{attachmentId}': {
    operationId: 'progressNotesDownloadAttachment',
    sends: STORED_FILE,
  },
  'GET /api/admin/invoice/download-invoice-pdf/{id}': { operationId: 'invoicesDownloadPdf', sends: PDF },
  'GET /api/admin/invoice/download-credit-note-pdf/{id}': { operationId: 'invoicesDownloadCreditNotePdf', sends: PDF },
  'GET /api/client-portal/download-credit-note-pdf/{id}': { operationId: 'clientPortalDownloadCreditNotePdf', sends: PDF },
  'GET /api/admin/invoice/download-ledes/{id}': { operationId: 'invoicesDownloadLedes', sends: LEDES },
  'GET /api/admin/invoice/download-ledes': { operationId: 'invoicesDownloadLedesFile', sends: LEDES },
  'GET /api/public/invoice/{slug}/pdf': { operationId: 'publicInvoicePdf', sends: PDF },
  'GET /api/admin/signature-requests/download-signed-pdf/{id}': { operationId: 'signatureRequestsDownloadSignedPdf', sends: PDF },
  'GET /api/admin/signature-requests/download-certificate/{id}': { operationId: 'signatureRequestsDownloadCertificate', sends: PDF },
  'GET /api/public/signing/{token}/document': { operationId: 'signingDocument', sends: PDF },
  'GET /api/public/signing/{token}/pages': { operationId: 'signingPageSizes' },
  'GET /api/public/signing/{token}/pages/{page}': { operationId: 'signingPageImage', sends: PAGE_IMAGE },
  'GET /api/client-portal/download-invoice-pdf/{id}': { operationId: 'clientPortalDownloadInvoicePdf', sends: PDF },
  'GET /api/client-portal/download-statement-pdf': { operationId: 'clientPortalDownloadStatementPdf', sends: PDF },
  'GET /api/admin/data-protection/requests/{id}/export-pdf': { operationId: 'dataProtectionExportPdf', sends: PDF },
  'GET /api/admin/trust-account/download-trust-statement': { operationId: 'trustDownloadStatement', sends: PDF },
  'GET /api/calendar/{file}': { operationId: 'courtCalendarFeed', sends: CALENDAR },
  'GET /api/client-portal/calendar/{file}': { operationId: 'clientPortalCalendarFeed', sends: CALENDAR },
  'POST /api/client-portal/report-bank-transfer': { operationId: 'clientPortalReportBankTransfer' },
  'GET /api/admin/client-portal/download-payment-proof/{id}': { operationId: 'paymentReportsDownloadProof', sends: STORED_FILE },
  'POST /api/webhooks/paystack': { operationId: 'webhooksPaystack' },
  'POST /api/webhooks/stripe': { operationId: 'webhooksStripe' },
  'POST /api/webhooks/subscriptions/paystack': { operationId: 'subscriptionsPaystackWebhook' },
  'GET /api/admin/sub-scription-master/get-receipt/{id}': { operationId: 'subscriptionsReceiptPdf', sends: PDF },
  'POST /api/webhooks/subscriptions/stripe': { operationId: 'subscriptionsStripeWebhook' },
  'GET /api/admin/document/download-document/{id}': { operationId: 'documentsDownload', sends: STORED_FILE },
  'GET /api/admin/document/download-folder-zip/{id}': {
    operationId: 'documentsDownloadFolderZip',
    sends: { mediaType: 'application/zip', description: 'The folder and its subfolders as a zip, streamed.' },
  },
  'POST /api/admin/bulk-import/upload': { operationId: 'bulkImportUpload' },
  'GET /api/admin/bulk-import/errors/{id}': {
    operationId: 'bulkImportErrors',
    sends: { mediaType: 'text/csv', description: 'The refused rows: the file’s columns plus error (UTF-8 with a byte-order mark).' },
  },
  'GET /api/export-files/{id}': {
    operationId: 'exportDownloadThroughLink',
    sends: { mediaType: 'application/zip', description: 'The export’s zip, through a one-minute link.' },
  },
  'GET /api/admin/export/download/{id}': {
    operationId: 'exportDownload',
    sends: { mediaType: 'application/zip', description: 'The export’s zip: records as CSV and JSON, documents, invoices, a README.' },
  },
  'GET /api/admin/backups/download/{backupId}': {
    operationId: 'backupsDownload',
    sends: { mediaType: 'application/zip', description: 'One backup’s encrypted parts (age files), laid out as the backup folder is.' },
  },
  'GET /api/client-portal/download-document/{id}': { operationId: 'clientPortalDownloadDocument', sends: STORED_FILE },
  'POST /api/client-portal/upload-document': { operationId: 'clientPortalUploadDocument' },
  'GET /api/client-portal/download-message-attachment/{id}': { operationId: 'clientPortalDownloadMessageAttachment', sends: STORED_FILE },
  'GET /api/admin/client-portal/download-message-attachment/{id}': {
    operationId: 'portalMessagesDownloadAttachment',
    sends: STORED_FILE,
  },
};

const openApiPathOf = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The values a contract's `format` query parameter takes (an accounting statement's json, csv, pdf), if it has one. */
function formatOptionsOf(query: z.ZodType | undefined): readonly string[] {
  const format = query && 'shape' in query ? (query as unknown as { shape: Record<string, z.ZodType> }).shape['format'] : undefined;
  const inner = format instanceof z.ZodOptional ? format.unwrap() : format;
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : [];
}

/** Each contract's operationId, `${module}${Call}` from ROUTE_CONTRACTS (`clients.list` → clientsList). */
const contractOperations = new Map(
  Object.entries(ROUTE_CONTRACTS).flatMap(([module, calls]) =>
    Object.entries(calls).map(([call, contract]) => [
      `${contract.method} ${openApiPathOf(contract.path)}`,
      {
        operationId: `${module}${capitalised(call)}`,
        sendsCsv: Boolean(
          contract.query &&
          'shape' in contract.query &&
          ['IsDownlodCsv', 'format'].some((name) => name in (contract.query as unknown as { shape: object }).shape),
        ),
        sendsPdf: formatOptionsOf(contract.query).includes('pdf'),
      },
    ]),
  ),
);

/** The operation's description ends with who may call it, from the route's declared access. */
function whoMayCall(access: RouteAccess | undefined): string {
  if (!access || access.kind === 'public') return 'Public: no sign-in.';
  if (access.kind === 'portal')
    return 'For a client signed in to the portal (a portal session’s bearer token), about their own records only.';
  const permissions = access.permissions.map((permission) => `\`${permission}\``).join(' and ');
  const who = permissions ? `a team member whose role grants ${permissions} (or administrator)` : 'any signed-in team member';
  return `For ${who}${access.allowUnverified ? ', before their email is verified too' : ''}.`;
}

const asJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });

type Transformed = { schema: Record<string, unknown>; url: string };

/**
 * Adds to each route's OpenAPI entry what its zod schemas cannot say: its operationId, who may call
 * it (and `security: []` for a public one), the media types a file route sends, the error envelope
 * for a file route's refusals, and the multipart body of an upload.
 */
function transform(input: Parameters<typeof jsonSchemaTransform>[0]): Transformed {
  const route = (input as unknown as { route: RouteOptions }).route;
  const method = [route.method].flat()[0] as string;
  const key = `${method} ${openApiPathOf(input.url)}`;
  const contract = contractOperations.get(key);
  const hand = HAND_REGISTERED[key];
  // The web app's pages (/, /robots.txt, /intake/…) are not API calls: the document leaves them out.
  if (!input.url.startsWith('/api/')) return { schema: { ...(input.schema as Record<string, unknown>), hide: true }, url: input.url };
  if (input.url.startsWith('/api/docs')) return jsonSchemaTransform(input) as Transformed;
  if (!contract && !hand) throw new Error(`${key} has no operationId: add it to HAND_REGISTERED in plugins/openapi.ts`);
  const access = route.config?.access;
  const schema = { ...(input.schema as Record<string, unknown>) };
  // A file route's `produces` would give its refusals the file's media type; they are the JSON envelope.
  if (hand?.sends) delete schema.produces;
  const response = schema.response as Record<string, unknown> | undefined;
  if (hand?.sends && !response) schema.response = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
  const transformed = jsonSchemaTransform({ ...input, schema } as typeof input) as Transformed;
  const out = { ...transformed.schema };
  out.operationId = contract?.operationId ?? hand!.operationId;
  out.description = [out.description, whoMayCall(access)].filter(Boolean).join('\n\n');
  if (!access || access.kind === 'public') out.security = [];

  const answers = { ...(out.response as Record<string, Record<string, unknown>>) };
  const binary = (answer: FileAnswer) => ({ schema: { type: 'string', format: 'binary', description: answer.description } });
  if (hand?.sends) answers['200'] = { description: hand.sends.description, content: { [hand.sends.mediaType]: binary(hand.sends) } };
  if (contract?.sendsCsv) {
    const json = answers['200']!;
    answers['200'] = {
      description: contract.sendsPdf
        ? 'The statement as JSON, or with format=csv as CSV, or with format=pdf as a PDF.'
        : 'The page as JSON, or with IsDownlodCsv=true (format=csv on accounting calls) the whole filtered list as CSV.',
      content: {
        'application/json': { schema: json },
        [CSV.mediaType]: { schema: { type: 'string', description: CSV.description } },
        ...(contract.sendsPdf ? { [PDF.mediaType]: binary(PDF) } : {}),
      },
    };
  }
  out.response = answers;

  const upload = route.config?.upload;
  if (upload) {
    const fields = asJsonSchema(upload.fields) as { properties?: Record<string, unknown>; required?: string[] };
    out.body = {
      type: 'object',
      description: `The fields first (${upload.names.join(', ')}), then one file, at most ${upload.maxBytes} bytes.`,
      properties: {
        ...fields.properties,
        file: { type: 'string', format: 'binary', description: 'The file, after the fields; its type is read from its content.' },
      },
      required: [...(fields.required ?? []), 'file'],
    };
    out.consumes = ['multipart/form-data'];
  }
  return { ...transformed, schema: out };
}

/** The OpenAPI document at /api/docs/json (and its browsable page at /api/docs), served at `appUrl`. */
export async function registerOpenApi(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Matterhorn API',
        version: '0.1.0',
        description:
          'Every answer is { success, message, data }; an error adds a stable `code` for programs (its values and meanings are listed on each error response). Send the bearer token from sign-in as Authorization: Bearer <token>.',
        // Not open source: an SPDX reference to a licence of our own (redocly's info-license-strict).
        license: { name: 'Proprietary: licensed to each firm with its subscription', identifier: 'LicenseRef-Matterhorn-Proprietary' },
      },
      servers: [{ url: appUrl, description: 'This Matterhorn server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
