import {
  documentGenerateRoute,
  documentRecycleBinRoute,
  documentSearchRoute,
  documentTemplatesRoute,
  pathOf,
  templateDryRunSchema,
  type GenerateFromTemplateInput,
  type TemplateDryRun,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, apiMutate } from '../../../lib/api-client.ts';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';
import { documentKeys } from './document-keys.ts';

/** SPEC.md §8: a failed search resolves to null (ListResults says so), without a toast; nothing is asked under 2 characters. */
export const documentSearchQuery = (text: string, clientId: string, page: number, size: number) =>
  queryOptions({
    queryKey: documentKeys.search(text, clientId, page, size),
    queryFn: () =>
      listContract(documentSearchRoute, { query: { GeneralSearchText: text, ClientId: clientId || undefined, page, size } }, 'firm'),
    enabled: text.trim().length >= 2,
  });

/** SPEC.md §8: a list that fails resolves to null (ListResults says so), without a toast. */
export const recycleBinQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: documentKeys.recycleBin(page, size),
    queryFn: () => listContract(documentRecycleBinRoute, { query: { page, size } }, 'firm'),
  });

export const templatesQuery = queryOptions({
  queryKey: documentKeys.templates(),
  queryFn: async () => (await callContract(documentTemplatesRoute, {}, { auth: 'firm' })).data,
});

/**
 * The merge fields a template would be filled with, nothing saved: generate-from-template's dry run
 * answers 200 with templateDryRunSchema, not the contract's saved document, so it is read with that schema.
 */
export async function dryRunTemplate(input: GenerateFromTemplateInput): Promise<TemplateDryRun> {
  const path = pathOf(documentGenerateRoute).slice(API_BASE.length);
  const envelope = await apiMutate<unknown>(path, { ...input, isDryRun: true }, { auth: 'firm', toastSuccess: false });
  return templateDryRunSchema.parse(envelope.data);
}

/** Saves the filled document in the matter's folder; answers the new document's id. */
export async function generateFromTemplate(input: GenerateFromTemplateInput): Promise<string> {
  const answer = await callContract(documentGenerateRoute, { body: { ...input, isDryRun: false } }, { auth: 'firm', toastSuccess: true });
  return answer.data.id;
}
