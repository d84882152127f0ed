// Largest Contentful Paint of a firm page in headless Chromium with the CPU slowed 4×, cold cache,
// signed in as the demo administrator. On demand, not in CI (timings depend on the machine):
//   npm run build && PORT=4323 npm start        (another shell)
//   node scripts/measure-lcp.mjs --url http://127.0.0.1:4323 --path /time-entries --runs 7
import { parseArgs } from 'node:util';
import { launchMeasuringChromium } from './measuring-chromium.mjs';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    path: { type: 'string', default: '/time-entries' },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    email: { type: 'string', default: 'admin@demo.law' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Matterhorn-demo-2026' },
  },
});

const browser = await launchMeasuringChromium();

const signIn = await browser.newContext({ baseURL: options.url });
const signInPage = await signIn.newPage();
await signInPage.goto('/login');
await signInPage.getByLabel('Email').fill(options.email);
await signInPage.getByRole('textbox', { name: 'Password', exact: true }).fill(options.password);
await signInPage.getByRole('button', { name: 'Sign in' }).click();
await signInPage.waitForURL(/\/dashboard$/);
const storageState = await signIn.storageState();
await signIn.close();

const results = [];
for (let run = 0; run < Number(options.runs); run += 1) {
  // A new context has its own empty HTTP cache: every run is a first visit.
  const context = await browser.newContext({ baseURL: options.url, storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(options.cpu) });
  await page.addInitScript(() => {
    window.__largestContentfulPaint = { startTime: 0, element: 'none' };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const text = (entry.element?.textContent ?? '').trim().slice(0, 40);
        window.__largestContentfulPaint = { startTime: entry.startTime, element: `${entry.element?.tagName.toLowerCase()} "${text}"` };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const scriptSizes = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scriptSizes.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  // LCP is only reported for a page that has been visible since it started loading.
  await page.bringToFront();
  await page.goto(options.path, { waitUntil: 'networkidle' });
  // Under throttling the entry arrives well after the network is idle; a later, larger paint replaces it.
  await page.waitForFunction(() => window.__largestContentfulPaint.startTime > 0, undefined, { timeout: 30_000 });
  await page.waitForTimeout(1500);
  const { startTime: lcp, element } = await page.evaluate(() => window.__largestContentfulPaint);
  const scriptBytes = (await Promise.all(scriptSizes)).reduce((sum, size) => sum + size, 0);
  results.push(lcp);
  console.log(`run ${run + 1}: LCP ${Math.round(lcp)} ms (${element}), JavaScript ${(scriptBytes / 1024).toFixed(1)} KB transferred`);
  await context.close();
}
await browser.close();

const sorted = [...results].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(`${options.path}, CPU ${options.cpu}× slower: median LCP ${Math.round(median)} ms over ${results.length} runs`);
