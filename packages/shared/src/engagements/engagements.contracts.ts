import { defineRoute } from '../common/route-contract.ts';
import { engagementSchema, engagementSendInputSchema, engagementTermsInputSchema, leadIdParamsSchema } from './engagement.schemas.ts';

const base = '/api/admin/engagements';

/** A lead's engagement: its terms, the letter made from a Word template, sent for signature, and Convert (client, matter, portal, retainer). */
export const engagementContracts = {
  view: defineRoute({ method: 'GET', path: `${base}/get-engagement/:leadId`, params: leadIdParamsSchema, response: engagementSchema }),
  saveTerms: defineRoute({
    method: 'PUT',
    path: `${base}/save-engagement-terms/:leadId`,
    params: leadIdParamsSchema,
    body: engagementTermsInputSchema,
    response: engagementSchema,
  }),
  generateLetter: defineRoute({
    method: 'POST',
    path: `${base}/generate-engagement-letter/:leadId`,
    params: leadIdParamsSchema,
    response: engagementSchema,
  }),
  sendLetter: defineRoute({
    method: 'POST',
    path: `${base}/send-engagement-letter/:leadId`,
    params: leadIdParamsSchema,
    body: engagementSendInputSchema,
    response: engagementSchema,
  }),
  convert: defineRoute({ method: 'POST', path: `${base}/convert-lead/:leadId`, params: leadIdParamsSchema, response: engagementSchema }),
};
