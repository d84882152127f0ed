import { customFieldSchema, type CustomField } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiList } from '../api-client.ts';
import { parseList } from '../parse-list.ts';
import { lookupKeys } from './lookup-keys.ts';

export type CustomFieldEntity = CustomField['entityType'];

/** A firm's custom fields of clients or of matters, in their sort order; none when the call fails. */
export const customFieldsQuery = (entityType: CustomFieldEntity) =>
  queryOptions({
    queryKey: lookupKeys.customFieldsOf(entityType),
    queryFn: async (): Promise<CustomField[]> =>
      parseList(
        customFieldSchema,
        await apiList<unknown>('/admin/custom-field/get-custom-fields', { EntityType: entityType }, 'firm'),
      ).sort((a, b) => a.sortOrder - b.sortOrder || a.label.localeCompare(b.label)),
    // Saves on the custom-fields page invalidate it; forms opened in between need not ask again.
    staleTime: 60_000,
  });
