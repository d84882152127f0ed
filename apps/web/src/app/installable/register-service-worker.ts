import { registerSW } from 'virtual:pwa-register';
import { showNewVersionReady } from './new-version-toast.tsx';

/**
 * Registers the app's service worker (build/installable-app.ts). Loaded by the firm shell once the
 * page is idle, so no page waits for it and the sign-in page's entry carries none of it. A new
 * deployment's worker waits until the user presses Reload on the notice (registerType prompt).
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh: () => showNewVersionReady(() => void update(true)),
  });
}
