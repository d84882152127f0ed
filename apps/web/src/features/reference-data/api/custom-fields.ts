import { customFieldSchema, type CustomField, type customFieldInputSchema } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiMutate, apiRequest } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

export type CustomFieldEntity = CustomField['entityType'];
export type CustomFieldInput = z.output<typeof customFieldInputSchema>;
export const CUSTOM_FIELDS_KEY = ['custom-fields'] as const;

export async function getCustomFields(entityType: CustomFieldEntity): Promise<CustomField[]> {
  const data = await apiGet<unknown>('/admin/custom-field/get-custom-fields', { EntityType: entityType }, 'firm');
  return parseList(customFieldSchema, data).sort((a, b) => a.sortOrder - b.sortOrder || a.label.localeCompare(b.label));
}

export const customFieldsQuery = (entityType: CustomFieldEntity) =>
  queryOptions({ queryKey: [...CUSTOM_FIELDS_KEY, entityType], queryFn: () => getCustomFields(entityType) });

export function useCustomFields(entityType: CustomFieldEntity) {
  return useQuery(customFieldsQuery(entityType));
}

export async function createCustomField(body: CustomFieldInput): Promise<void> {
  await apiMutate<unknown>('/admin/custom-field/create-custom-field', body, { auth: 'firm' });
}

export async function updateCustomField(id: string, body: CustomFieldInput): Promise<void> {
  await apiMutate<unknown>(`/admin/custom-field/update-custom-field/${encodeURIComponent(id)}`, body, { method: 'PUT', auth: 'firm' });
}

export async function deleteCustomField(id: string): Promise<void> {
  await apiRequest(`/admin/custom-field/delete-custom-field/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: 'firm',
    toastSuccess: true,
  });
}
