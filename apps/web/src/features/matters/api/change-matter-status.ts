import { matterCloseRoute, matterRemoveRoute, matterReopenRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

const asFirm = { auth: 'firm', toastSuccess: true } as const;

/** POST close-matter/{id}; the close date is ISO, or omitted for today. */
export async function closeMatter(matterId: string, matterCloseDate: string | null): Promise<void> {
  await callContract(matterCloseRoute, { params: { id: matterId }, body: matterCloseDate ? { matterCloseDate } : {} }, asFirm);
}

export async function reopenMatter(matterId: string): Promise<void> {
  await callContract(matterReopenRoute, { params: { id: matterId } }, asFirm);
}

/** DELETE delete-matter/{id}: a soft delete, restorable from the recycle bin. */
export async function deleteMatter(matterId: string): Promise<void> {
  await callContract(matterRemoveRoute, { params: { id: matterId } }, asFirm);
}
