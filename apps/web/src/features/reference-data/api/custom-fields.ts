import type { customFieldInputSchema } from '@matterhorn/shared';
import type { z } from 'zod';
import { apiMutate, apiRequest } from '../../../lib/api-client.ts';

/** The fields themselves are a shared lookup (lib/lookups/custom-fields.ts); these calls change them. */
export type { CustomFieldEntity } from '../../../lib/lookups/custom-fields.ts';
export type CustomFieldInput = z.output<typeof customFieldInputSchema>;

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
