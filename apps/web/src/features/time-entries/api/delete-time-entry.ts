import { apiRequest } from '../../../lib/api-client.ts';
import { TIME_ENTRY_LIST_PATH } from './time-entry-list.ts';

/** DELETE /api/admin/time-entry/{id}: the server's message toasts; a refusal (locked entry) toasts and throws. */
export async function deleteTimeEntry(id: string): Promise<void> {
  await apiRequest(`${TIME_ENTRY_LIST_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'firm', toastSuccess: true });
}
