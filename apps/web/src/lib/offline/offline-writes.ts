import { createStore, del, get, set, values } from 'idb-keyval';

/** What a fee earner can write with no connection (issue 46): each one record made by one POST. */
export type OfflineWriteKind = 'courtUpdate' | 'progressNote' | 'timeEntry';

/**
 * A write kept on this device until the connection returns. Its key is the Idempotency-Key it is
 * sent with, every time: however often it is sent (a retry, two tabs, the app reopened), the server
 * makes the record once.
 */
export type OfflineWrite = {
  key: string;
  kind: OfflineWriteKind;
  /** The profile that wrote it: only that person's session sends it or shows it. */
  ownerId: string;
  /** The POST's path below /api, and its body as the form would have sent it. */
  path: string;
  body: unknown;
  /** One line naming the record for the list of waiting writes (e.g. the suit number). */
  summary: string;
  /** The form's values, to open the form again on Edit. */
  formValues: unknown;
  writtenAt: string;
  /** waiting: sent when the connection returns; refused: the server said no, the writer decides. */
  state: 'waiting' | 'refused';
  /** The server's message when refused (the matter was closed, the invoice was sent…). */
  refusal?: string;
};

const DATABASE = 'matterhorn-offline';
let store: ReturnType<typeof createStore> | null = null;
/** Opened on first use: a page that never writes offline never opens the database. */
const writesStore = () => (store ??= createStore(DATABASE, 'writes'));

const listeners = new Set<() => void>();
let snapshot: readonly OfflineWrite[] = [];
let hasRead = false;

/** A browser without IndexedDB (rare: some private modes) keeps nothing: its saves go out or fail as before. */
export const canKeepOffline = () => typeof indexedDB !== 'undefined';

/** Re-reads the device's writes and tells the screens that show them. */
async function refresh(): Promise<readonly OfflineWrite[]> {
  const all = canKeepOffline() ? await values<OfflineWrite>(writesStore()) : [];
  snapshot = all.sort((a, b) => a.writtenAt.localeCompare(b.writtenAt));
  hasRead = true;
  for (const listener of listeners) listener();
  return snapshot;
}

export const offlineWrites = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (!hasRead) void refresh();
    return () => listeners.delete(listener);
  },
  /** Every write on the device, oldest first (filter by owner to show them). */
  current: (): readonly OfflineWrite[] => snapshot,
  refresh,
  async keep(write: Omit<OfflineWrite, 'state' | 'writtenAt'>): Promise<void> {
    await set(write.key, { ...write, state: 'waiting', writtenAt: new Date().toISOString() } satisfies OfflineWrite, writesStore());
    await refresh();
  },
  async find(key: string): Promise<OfflineWrite | undefined> {
    return get<OfflineWrite>(key, writesStore());
  },
  async refuse(key: string, refusal: string): Promise<void> {
    const write = await get<OfflineWrite>(key, writesStore());
    if (write) await set(key, { ...write, state: 'refused', refusal } satisfies OfflineWrite, writesStore());
    await refresh();
  },
  /** Sent, discarded or replaced by an edited copy. */
  async forget(key: string): Promise<void> {
    await del(key, writesStore());
    await refresh();
  },
};

export const writesOf = (writes: readonly OfflineWrite[], ownerId: string | null | undefined) =>
  ownerId ? writes.filter((write) => write.ownerId === ownerId) : [];
