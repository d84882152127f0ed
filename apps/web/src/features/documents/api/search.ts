import {
  documentSearchPageSchema,
  documentTemplateSchema,
  recycleBinPageSchema,
  templateDryRunSchema,
  type GenerateFromTemplateInput,
  type TemplateDryRun,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiMutate } from '../../../lib/api-client.ts';
import { documentKeys, documentPath } from './document-keys.ts';

export const SEARCH_PAGE_SIZE = 20;

export const documentSearchQuery = (text: string, clientId: string, page: number) =>
  queryOptions({
    queryKey: documentKeys.search(text, clientId, page),
    queryFn: async () =>
      documentSearchPageSchema.parse(
        await apiGet<unknown>(
          documentPath('search-documents'),
          { GeneralSearchText: text, ClientId: clientId || undefined, page, size: SEARCH_PAGE_SIZE },
          'firm',
        ),
      ),
    enabled: text.trim().length >= 2,
  });

export const recycleBinQuery = (page: number) =>
  queryOptions({
    queryKey: documentKeys.recycleBin(page),
    queryFn: async () => recycleBinPageSchema.parse(await apiGet<unknown>(documentPath('get-recycle-bin'), { page, size: 20 }, 'firm')),
  });

export const templatesQuery = queryOptions({
  queryKey: documentKeys.templates(),
  queryFn: async () => documentTemplateSchema.array().parse(await apiGet<unknown>(documentPath('get-templates'), undefined, 'firm')),
});

export async function dryRunTemplate(input: GenerateFromTemplateInput): Promise<TemplateDryRun> {
  const envelope = await apiMutate<unknown>(
    documentPath('generate-from-template'),
    { ...input, isDryRun: true },
    {
      auth: 'firm',
      toastSuccess: false,
    },
  );
  return templateDryRunSchema.parse(envelope.data);
}

/** Saves the filled document in the matter's folder; answers the new document's id. */
export async function generateFromTemplate(input: GenerateFromTemplateInput): Promise<string | null> {
  const envelope = await apiMutate<unknown>(documentPath('generate-from-template'), { ...input, isDryRun: false }, { auth: 'firm' });
  const data = envelope.data as { id?: unknown } | null;
  return data && typeof data.id === 'string' ? data.id : null;
}
