import type { ClientInput } from '@matterhorn/shared';
import { apiMutate } from '../../../lib/api-client.ts';

export type SavedClient = { id: string };

function idOf(data: unknown, fallback = ''): string {
  if (data && typeof data === 'object' && 'id' in data && typeof data.id === 'string') return data.id;
  return fallback;
}

/** POST create-client; the success toast shows the server's message. */
export async function createClient(input: ClientInput, idempotencyKey?: string): Promise<SavedClient> {
  const envelope = await apiMutate<unknown>('/admin/client-info/create-client', input, { auth: 'firm', idempotencyKey });
  return { id: idOf(envelope.data) };
}

/** PUT update-client: replaces the client's details and contacts. */
export async function updateClient(id: string, input: ClientInput): Promise<SavedClient> {
  const envelope = await apiMutate<unknown>(`/admin/client-info/update-client/${encodeURIComponent(id)}`, input, {
    method: 'PUT',
    auth: 'firm',
  });
  return { id: idOf(envelope.data, id) };
}
