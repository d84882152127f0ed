import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { offlineWrites } from '../../lib/offline/offline-writes.ts';
import { sendOfflineWrites } from '../../lib/offline/send-offline-writes.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { onSessionReset } from '../../lib/session/session-reset.ts';
import { toast } from '../../lib/toasts.ts';
import { forgetCachedApiAnswers } from './api-cache.ts';

/** While writes wait, how often to try again when no "online" event comes (a connection that came back without one, a server that was down). */
export const RETRY_MS = 60_000;

export const sentMessage = (count: number) =>
  count === 1 ? 'Sent 1 item saved on this device.' : `Sent ${count} items saved on this device.`;

/** Runs once the page has loaded and the browser is idle: nothing here may slow the first paint. */
function whenIdle(callback: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    // Safari has no requestIdleCallback: a second after load stands in for it.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: 5000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(callback, 1000);
      cancel = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

/**
 * The firm app's offline part (issue 46, ADR 91), mounted by the firm shell after its first paint:
 * registers the service worker when idle; sends the signed-in person's writes kept on the device
 * when the app starts, when the browser says it is online again, and every minute while any wait;
 * and empties the service worker's API cache when the session ends.
 */
export function OfflineSupport() {
  const ownerId = useSession().profile?.id;

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    return whenIdle(() => void import('./register-service-worker.ts').then((module) => module.registerServiceWorker()));
  }, []);

  useEffect(() => onSessionReset(() => void forgetCachedApiAnswers()), []);

  const send = useSendOfflineWrites();
  useEffect(() => {
    if (!ownerId) return;
    const sendNow = () => void send();
    const sendIfWaiting = () => {
      if (navigator.onLine && offlineWrites.current().some((write) => write.ownerId === ownerId && write.state === 'waiting')) void send();
    };
    void send();
    window.addEventListener('online', sendNow);
    const retry = window.setInterval(sendIfWaiting, RETRY_MS);
    return () => {
      window.removeEventListener('online', sendNow);
      window.clearInterval(retry);
    };
  }, [ownerId, send]);

  return null;
}

/** Sends the signed-in person's waiting writes; when any arrived, says so and refreshes what is on screen. */
export function useSendOfflineWrites(): () => Promise<void> {
  const ownerId = useSession().profile?.id;
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (!ownerId) return;
    const sent = await sendOfflineWrites(ownerId);
    if (sent === 0) return;
    toast.success(sentMessage(sent));
    // Lists, totals and the dashboard now hold the records that were waiting.
    void queryClient.invalidateQueries();
  }, [ownerId, queryClient]);
}
