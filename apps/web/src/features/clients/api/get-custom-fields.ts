import { customFieldSchema, type CustomField } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';

/** The firm's client custom fields, in their sort order; none when the call fails. */
export async function getClientCustomFields(): Promise<CustomField[]> {
  const data = await apiList<unknown>('/admin/custom-field/get-custom-fields', { EntityType: 'client' }, 'firm');
  const parsed = customFieldSchema.array().safeParse(data);
  if (!parsed.success) return [];
  return [...parsed.data].sort((a, b) => a.sortOrder - b.sortOrder);
}

export const clientCustomFieldsQuery = () =>
  queryOptions({ queryKey: ['custom-fields', 'client'], queryFn: getClientCustomFields, staleTime: 60_000 });

export function useClientCustomFields() {
  return useQuery(clientCustomFieldsQuery());
}
