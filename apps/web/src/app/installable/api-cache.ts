/**
 * The service worker's copy of API answers (GET, JSON, per bearer token; build/installable-app.ts):
 * deleted whenever the session ends, so nothing of one user's firm data stays on the device (ADR 91).
 */
export const API_CACHE = 'matterhorn-api';

export async function forgetCachedApiAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE).catch(() => undefined);
}
