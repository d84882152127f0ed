import { timeEntryRemoveRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The server's message toasts; a refusal (locked entry) toasts and throws. */
export async function deleteTimeEntry(id: string): Promise<void> {
  await callContract(timeEntryRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
