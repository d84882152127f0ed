import { z } from 'zod';
import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import {
  intakeFormEmbedSchema,
  intakeFormInputSchema,
  intakeFormListQuerySchema,
  intakeFormPageSchema,
  intakeFormSchema,
  publicIntakeFormSchema,
  publicIntakeParamsSchema,
  publicIntakeSubmitSchema,
  publicIntakeSubmittedSchema,
  publicIntakeUploadSchema,
} from './intake-form.schemas.ts';

const base = '/api/admin/intake-forms';
const publicBase = '/api/public/intake/:company/:form';

/** The firm's intake forms: built, published at /intake/{firm}/{form}, embedded in the firm's website. */
export const intakeFormContracts = {
  list: defineRoute({ method: 'GET', path: `${base}/get-intake-forms`, query: intakeFormListQuerySchema, response: intakeFormPageSchema }),
  view: defineRoute({ method: 'GET', path: `${base}/get-intake-form/:id`, params: idParamsSchema, response: intakeFormSchema }),
  create: defineRoute({
    method: 'POST',
    path: `${base}/create-intake-form`,
    body: intakeFormInputSchema,
    response: intakeFormSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: `${base}/update-intake-form/:id`,
    params: idParamsSchema,
    body: intakeFormInputSchema,
    response: intakeFormSchema,
  }),
  publish: defineRoute({ method: 'POST', path: `${base}/publish-intake-form/:id`, params: idParamsSchema, response: intakeFormSchema }),
  unpublish: defineRoute({ method: 'POST', path: `${base}/unpublish-intake-form/:id`, params: idParamsSchema, response: intakeFormSchema }),
  remove: defineRoute({ method: 'DELETE', path: `${base}/delete-intake-form/:id`, params: idParamsSchema, response: z.null() }),
  embed: defineRoute({ method: 'GET', path: `${base}/get-embed-snippet/:id`, params: idParamsSchema, response: intakeFormEmbedSchema }),
};

/** The public form (no sign-in), limited per address. Unknown firm or form, or an unpublished form: 404. */
export const publicIntakeContracts = {
  view: defineRoute({ method: 'GET', path: publicBase, params: publicIntakeParamsSchema, response: publicIntakeFormSchema }),
  submit: defineRoute({
    method: 'POST',
    path: `${publicBase}/submit`,
    params: publicIntakeParamsSchema,
    body: publicIntakeSubmitSchema,
    response: publicIntakeSubmittedSchema,
  }),
  /** Multipart (fieldKey, then the file): no `body`, as for the documents' uploads. */
  upload: defineRoute({
    method: 'POST',
    path: `${publicBase}/upload-file`,
    params: publicIntakeParamsSchema,
    response: publicIntakeUploadSchema,
    status: 201,
  }),
};
