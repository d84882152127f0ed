import { customFieldSchema, type CustomField } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '../../../lib/api-client.ts';

/** The firm's custom fields for matters, in their sort order. */
export async function getMatterCustomFields(): Promise<CustomField[]> {
  const data = await apiList<unknown>('/admin/custom-field/get-custom-fields', { EntityType: 'matter' }, 'firm');
  const parsed = z.array(customFieldSchema).safeParse(data);
  return parsed.success ? [...parsed.data].sort((a, b) => a.sortOrder - b.sortOrder) : [];
}

export const matterCustomFieldsQuery = queryOptions({ queryKey: ['custom-fields', 'matter'], queryFn: getMatterCustomFields });

export function useMatterCustomFields() {
  return useQuery(matterCustomFieldsQuery);
}
