import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INTAKE_FORM_MESSAGES, INTAKE_LIMITS, publicIntakeContracts as calls } from '@matterhorn/shared';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { publicAccess } from '../../plugins/route-access.ts';
import { uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import type { createPublicIntakeService } from './public-intake.service.ts';

const tags = ['Intake forms'];

/**
 * The public intake form at /intake/{firm}/{form}: no sign-in, so each call is limited per address
 * (a flood from one address is answered 429 while every other address goes on sending).
 */
export function registerPublicIntakeRoutes(
  app: FastifyInstance,
  intake: ReturnType<typeof createPublicIntakeService>,
  rateLimit: { max: number; timeWindow: string },
) {
  const route = contractRoutes(app, tags);
  const limited = { access: publicAccess(), rateLimit };
  const notFoundNote = '404 for an unknown firm or form, or a form that is not published (the same answer for each).';

  route(
    calls.view,
    {
      ...limited,
      summary: 'A published intake form as a visitor sees it (no sign-in): its title, introduction and fields',
      description: notFoundNote,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok('Intake form', await intake.view(request.params.company, request.params.form));
    },
  );
  route(
    calls.submit,
    {
      ...limited,
      summary: 'Sends a visitor’s answers (no sign-in): checked against the form as stored, they make a lead and two emails',
      description:
        `400 with the field errors by key (required and show-if rules, wrong kinds of answers, files not uploaded for this form); ${notFoundNote} ` +
        'A repeated submissionKey answers the same thank-you and makes nothing again; a filled honeypot (website) likewise keeps nothing. ' +
        `429 when the address sends too many, when the email typed has had ${INTAKE_LIMITS.confirmationsPerAddressPerDay} confirmations from the firm’s forms in the last 24 hours, ` +
        `or when the form has taken ${INTAKE_LIMITS.submissionsPerFormPerHour} enquiries in the last hour; nothing is written.`,
    },
    async (request) => ok(INTAKE_FORM_MESSAGES.submitted, await intake.submit(request.params.company, request.params.form, request.body)),
  );

  const fileUpload = uploadSpec({
    maxBytes: INTAKE_LIMITS.maxFileBytes,
    what: 'A file',
    fields: z.object({
      fieldKey: z
        .string({ error: 'Choose the form’s file field for this file' })
        .max(40)
        .describe('The key of the form’s file field the file is for (sent before the file).'),
    }),
    names: ['fieldKey'],
    noFile: 'Choose a file to upload',
    notMultipart: 'Send the file as multipart/form-data',
    fallbackName: 'file',
  });
  // Registered by hand from its contract: its multipart body is declared by `consumes`, which a contract cannot carry.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: calls.upload.method,
    url: calls.upload.path,
    config: { ...limited, upload: fileUpload },
    schema: {
      tags,
      summary:
        'Uploads a file for a published form’s file field (no sign-in; multipart: fieldKey, then the file), virus-scanned before anyone can open it',
      description:
        `PDF, Word, OpenDocument, JPEG, PNG or HEIC by its content, at most 10 MB (413 larger, 415 another type); 422 when the virus scanner refuses it. ${notFoundNote} ` +
        'Answers the upload’s id, to send as the field’s answer.',
      consumes: ['multipart/form-data'],
      params: calls.upload.params,
      response: answers(calls.upload.response, calls.upload.status),
    },
    handler: async (request, reply) => {
      const { fields, upload } = uploadOf(request, fileUpload);
      const stored = await intake.upload(request.params.company, request.params.form, fields.fieldKey, upload);
      return created(reply, 'File uploaded', stored);
    },
  });
}
