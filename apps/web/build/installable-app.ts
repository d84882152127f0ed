import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { API_CACHE } from '../src/app/installable/api-cache.ts';

/** The brand blue of the icons, for the phone's title bar. */
const THEME_COLOUR = '#1c4e80';

/**
 * The web app as an installable app (issue 46, ADR 91): a manifest with its icons, and a service
 * worker that keeps the app shell (every built script, style, font and icon, and index.html for
 * every page address) so a repeat visit loads from the phone, and a fee earner can open the app
 * with no connection. The worker is registered by the firm shell once the page is idle
 * (register-service-worker.ts), never by the sign-in page's entry.
 *
 * A new deployment is a new worker that waits: the page shows "A new version is ready" with
 * Reload (registerType prompt), so nobody loses a form half written to an automatic reload.
 *
 * API answers: network first, always. A GET that fails for want of a network answers the last
 * copy this device received for the same address AND the same bearer token (the token's hash is in
 * the cache key), so a signed-in fee earner can start the app offline and still pick a matter,
 * while another user of the device never reads it; the cache is deleted when the session ends
 * (sign-out, sign-in, a 401). Writes (POST, PUT, DELETE) are never cached: the offline queue keeps them.
 */
export function installableApp(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    // Registered by the app itself, lazily (register-service-worker.ts): no script added to index.html.
    injectRegister: false,
    includeAssets: ['apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Matterhorn',
      short_name: 'Matterhorn',
      description: 'Law practice management: matters, time, court updates, billing and trust.',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: '#ffffff',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // Scripts, styles and fonts of the app (the .br and .gz copies beside them are the server's
      // business); the icons and the manifest are added by the plugin.
      globPatterns: ['**/*.{js,css,html,woff2}'],
      // The public intake form is its own page, opened by visitors who never install the app.
      globIgnores: ['intake.html'],
      cleanupOutdatedCaches: true,
      // The first worker takes the open page at once (its API answers are kept from then on, so
      // the app can start offline); a later version still waits for Reload.
      clientsClaim: true,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/intake\//, /^\/robots\.txt$/],
      runtimeCaching: [
        {
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin && url.pathname.startsWith('/api/') && request.headers.has('authorization'),
          method: 'GET',
          handler: 'NetworkFirst',
          options: {
            cacheName: API_CACHE,
            expiration: { maxEntries: 400, maxAgeSeconds: 7 * 24 * 60 * 60 },
            plugins: [
              {
                // One user's copy is never another's: the key carries a hash of the bearer token.
                cacheKeyWillBeUsed: async ({ request }) => {
                  const token = request.headers.get('authorization') ?? '';
                  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
                  const hash = Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
                  const key = new URL(request.url);
                  key.searchParams.set('__bearer', hash);
                  return key.href;
                },
                // Only JSON answers that succeeded: never a file, an error or a refusal.
                cacheWillUpdate: async ({ response }) =>
                  response.status === 200 && (response.headers.get('content-type') ?? '').includes('application/json') ? response : null,
              },
            ],
          },
        },
      ],
    },
  });
}
