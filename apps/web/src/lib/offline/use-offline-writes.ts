import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../session/session-context.ts';
import { offlineWrites, writesOf, type OfflineWrite } from './offline-writes.ts';

/** The search parameter that opens a form on a write kept on the device (Edit in the waiting list). */
export const OFFLINE_WRITE_PARAM = 'offlineWrite';

/** The signed-in person's writes kept on this device, oldest first; re-rendered as they change. */
export function useOfflineWrites(): readonly OfflineWrite[] {
  const { profile } = useSession();
  const all = useSyncExternalStore(offlineWrites.subscribe, offlineWrites.current, offlineWrites.current);
  return writesOf(all, profile?.id);
}

/**
 * The kept write a form was opened on (?offlineWrite=key), read once: `isLoading` until it is read,
 * then the write (undefined when there is none, or it is another person's).
 */
export function useOfflineWriteToEdit(): { isLoading: boolean; write: OfflineWrite | undefined } {
  const { profile } = useSession();
  const [searchParams] = useSearchParams();
  const key = searchParams.get(OFFLINE_WRITE_PARAM);
  const [found, setFound] = useState<{ key: string; write: OfflineWrite | undefined } | null>(null);
  useEffect(() => {
    if (!key) return;
    let isCurrent = true;
    void offlineWrites.find(key).then((write) => {
      if (isCurrent) setFound({ key, write: write?.ownerId === profile?.id ? write : undefined });
    });
    return () => {
      isCurrent = false;
    };
  }, [key, profile?.id]);
  if (!key) return { isLoading: false, write: undefined };
  return { isLoading: found?.key !== key, write: found?.key === key ? found.write : undefined };
}
