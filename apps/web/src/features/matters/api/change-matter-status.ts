import { apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

const base = '/admin/matter-master';

/** POST close-matter/{id}; the close date is ISO, or omitted for today. */
export async function closeMatter(matterId: string, matterCloseDate: string | null): Promise<void> {
  await apiMutate<unknown>(`${base}/close-matter/${encodeURIComponent(matterId)}`, matterCloseDate ? { matterCloseDate } : {}, {
    auth: 'firm',
  });
}

export async function reopenMatter(matterId: string): Promise<void> {
  await apiMutate<unknown>(`${base}/reopen-matter/${encodeURIComponent(matterId)}`, {}, { auth: 'firm' });
}

/** DELETE delete-matter/{id}: a soft delete, restorable from the recycle bin. */
export async function deleteMatter(matterId: string): Promise<void> {
  await apiRequest<ApiEnvelope<unknown>>(`${base}/delete-matter/${encodeURIComponent(matterId)}`, {
    method: 'DELETE',
    auth: 'firm',
    toastSuccess: true,
  });
}
