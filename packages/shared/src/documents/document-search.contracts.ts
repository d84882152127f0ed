import { z } from 'zod';
import { pageQuerySchema } from '../common/pagination.ts';
import { defineRoute } from '../common/route-contract.ts';
import {
  documentSchema,
  documentSearchPageSchema,
  documentSearchQuerySchema,
  documentTemplateSchema,
  generateFromTemplateInputSchema,
  recycleBinPageSchema,
} from './document.schemas.ts';

const base = '/api/admin/document';

/** The search page, the recycle bin and the templates (their pages and the matter's "Generate from template"). */
export const documentSearchRoute = defineRoute({
  method: 'GET',
  path: `${base}/search-documents`,
  query: documentSearchQuerySchema,
  response: documentSearchPageSchema,
});

export const documentRecycleBinRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-recycle-bin`,
  query: pageQuerySchema,
  response: recycleBinPageSchema,
});

export const documentTemplatesRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-templates`,
  response: z.array(documentTemplateSchema),
});

/**
 * Saves the filled document in the matter's folder (201). With isDryRun=true it answers 200 with
 * templateDryRunSchema instead and saves nothing, which a contract's one status cannot say: the
 * server registers it by hand from this contract with both answers, and the web's dry run reads
 * the 200 with templateDryRunSchema.
 */
export const documentGenerateRoute = defineRoute({
  method: 'POST',
  path: `${base}/generate-from-template`,
  body: generateFromTemplateInputSchema,
  response: documentSchema,
  status: 201,
});

export const documentSearchContracts = {
  search: documentSearchRoute,
  recycleBin: documentRecycleBinRoute,
  templates: documentTemplatesRoute,
  generate: documentGenerateRoute,
};
