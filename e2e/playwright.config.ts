import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://127.0.0.1:${port}`;
/** Absolute, because the server runs from the repository root; one per port, so two runs side by side keep apart. */
export const E2E_DATA_DIR = join(import.meta.dirname, process.env.E2E_PORT ? `.e2e-data-${port}` : '.e2e-data');
/** The operator's Paystack (subscriptions and portal payments), played by fake-paystack.mjs on the next port. */
const fakePaystackPort = port + 1;
const fakePaystackKey = 'sk_test_e2e_subscriptions';

/** The built app served exactly as `npm start` serves it, on a fresh embedded database. */
export default defineConfig({
  testDir: './tests',
  // A long journey takes 30–55 s on the 2-core machine when something else runs beside it.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One browser at a time: on the 2-core CI machine, two workers' Chromiums (156) and the server
  // made every step about 2.5× slower, so the suite took longer (9 journeys: 4.2 min against 3.5)
  // and long journeys ran out of their minute. E2E_WORKERS overrides it on a larger machine.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // Off: recording a trace (snapshots and a screencast) for every journey made the suite about 30%
    // slower on the 2-core machine, and CI keeps only the printed output. To keep one for a failing
    // journey: npx playwright test --trace=retain-on-failure.
    trace: 'off',
    // The app's service worker (ADR 91) stays out of the journeys: each fresh context would install
    // it (some 500 files) and answer the page's requests itself, out of page.route's reach. The
    // offline journey (offline-court-day.spec.ts) allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: [
    {
      command: 'node fake-paystack.mjs',
      url: `http://127.0.0.1:${fakePaystackPort}/health`,
      reuseExistingServer: false,
      env: { FAKE_PAYSTACK_PORT: String(fakePaystackPort), FAKE_PAYSTACK_SECRET_KEY: fakePaystackKey, FAKE_PAYSTACK_APP_URL: baseURL },
    },
    {
      command: `rm -rf '${E2E_DATA_DIR}' '${E2E_DATA_DIR}-backups' && node ../scripts/start.mjs`,
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        APP_URL: baseURL,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        DEMO_PASSWORD: 'Matterhorn-demo-2026',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        SUBSCRIPTION_PAYSTACK_SECRET_KEY: fakePaystackKey,
        SUBSCRIPTION_PAYSTACK_API_URL: `http://127.0.0.1:${fakePaystackPort}`,
        // Clients paying invoices online on the portal go through the same stand-in.
        PAYSTACK_SECRET_KEY: fakePaystackKey,
        PAYSTACK_API_URL: `http://127.0.0.1:${fakePaystackPort}`,
        // The daily backup would run as the server starts (its hour has passed) and hold the embedded
        // database a second or two under the first journey; "Back up now" still takes one, into this run's own folder.
        BACKUPS_SCHEDULED: 'false',
        BACKUP_DIR: `${E2E_DATA_DIR}-backups`,
      },
    },
  ],
});
