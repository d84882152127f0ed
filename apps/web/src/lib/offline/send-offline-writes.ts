import { API_BASE, ApiError, apiRequest } from '../api-client.ts';
import { toast } from '../toasts.ts';
import { canKeepOffline, offlineWrites, writesOf, type OfflineWrite } from './offline-writes.ts';

export const KEPT_MESSAGE = 'No connection: saved on this device. Waiting to send.';

/**
 * A refusal the writer has to resolve (the matter was closed, the entry's invoice was sent, a field
 * the server will not take). Anything else is tried again later: no network, the server down
 * (5xx), a lapsed session (401: sent once its owner signs in again), too many requests.
 */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

/** Sends one write under its own Idempotency-Key: a write the server already made answers its first result. */
const send = (write: OfflineWrite) =>
  apiRequest(write.path, { method: 'POST', body: write.body, auth: 'firm', silent: true, idempotencyKey: write.key });

let running: Promise<number> | null = null;

/**
 * Sends this person's waiting writes, oldest first, and resolves to how many arrived. One run at a
 * time in a tab; a run in another tab sends the same keys, which the server makes once.
 */
export function sendOfflineWrites(ownerId: string): Promise<number> {
  running ??= sendEach(ownerId).finally(() => {
    running = null;
  });
  return running;
}

async function sendEach(ownerId: string): Promise<number> {
  let sent = 0;
  const waiting = writesOf(await offlineWrites.refresh(), ownerId).filter((write) => write.state === 'waiting');
  for (const write of waiting) {
    try {
      await send(write);
    } catch (error) {
      if (!isRefusal(error)) break;
      await offlineWrites.refuse(write.key, error.message);
      continue;
    }
    await offlineWrites.forget(write.key);
    sent += 1;
  }
  return sent;
}

export type SaveOutcome<T> = { isKept: false; saved: T } | { isKept: true };

/**
 * A new record from a form: sent now when the device has a connection; kept on the device (to be
 * sent later under the same key) when it has none or the request never reached the server. The
 * send is silent: its refusals are toasted here, and a lost connection is not an error.
 */
export async function sendOrKeep<T>(
  write: Omit<OfflineWrite, 'state' | 'writtenAt' | 'path' | 'ownerId'> & { ownerId: string | undefined },
  path: string,
  sendNow: () => Promise<T>,
): Promise<SaveOutcome<T>> {
  const ownerId = canKeepOffline() ? write.ownerId : undefined;
  if (navigator.onLine || !ownerId) {
    try {
      return { isKept: false, saved: await sendNow() };
    } catch (error) {
      // With nobody to send it later (no profile, no IndexedDB), it fails as any save does.
      const isUnreached = error instanceof ApiError && error.status === 0 && Boolean(ownerId);
      if (!isUnreached) {
        if (error instanceof ApiError) toast.error(error.message);
        throw error;
      }
    }
  }
  await offlineWrites.keep({ ...write, ownerId: ownerId ?? '', path: path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path });
  toast.information(KEPT_MESSAGE);
  return { isKept: true };
}
