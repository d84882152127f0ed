// How long /time-entries and the court update form take to be usable on a weak connection (issue
// 46: 400 kbit/s, 400 ms latency), on a first visit and on a repeat visit (the service worker's copy
// of the app, ADR 91). On demand, not in CI (timings depend on the machine):
//   npm run build && PORT=4323 npm start        (another shell)
//   node scripts/measure-weak-connection.mjs --url http://127.0.0.1:4323 --runs 5
// The throttling is Chromium's own (CDP Network.emulateNetworkConditions), set on the page and on
// the service worker, whose fetches (the API's answers) are its own and not the page's.
import { parseArgs } from 'node:util';
import { launchMeasuringChromium } from './measuring-chromium.mjs';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '5' },
    kbits: { type: 'string', default: '400' },
    latency: { type: 'string', default: '400' },
    email: { type: 'string', default: 'feeearner@demo.law' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Matterhorn-demo-2026' },
  },
});

const CONDITIONS = {
  offline: false,
  latency: Number(options.latency),
  downloadThroughput: (Number(options.kbits) * 1000) / 8,
  uploadThroughput: (Number(options.kbits) * 1000) / 8,
};

/** Each page, and what a user needs on it before they can work: the list's first row, the form's fields. */
const PAGES = [
  {
    path: '/time-entries',
    isUsable: async (page) => {
      await page.getByRole('heading', { name: 'Time Entries', level: 1 }).waitFor();
      await page.getByRole('row').nth(1).waitFor();
    },
  },
  {
    path: '/progress-update/add-progress-update?iscourtupdate=true',
    isUsable: async (page) => {
      const form = page.getByRole('form', { name: 'New court update' });
      await form.getByRole('textbox', { name: 'Suit number' }).waitFor();
      await form.getByRole('button', { name: 'Save court update' }).waitFor();
    },
  },
];

const browser = await launchMeasuringChromium();
const cdpBrowser = await browser.newBrowserCDPSession();

/** The service worker's own fetches are throttled too: attached to its target, told the same conditions. */
async function throttleServiceWorkers() {
  const { targetInfos } = await cdpBrowser.send('Target.getTargets');
  let throttled = 0;
  for (const target of targetInfos.filter((info) => info.type === 'service_worker')) {
    const { sessionId } = await cdpBrowser.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    let id = 0;
    for (const [method, params] of [
      ['Network.enable', {}],
      ['Network.emulateNetworkConditions', CONDITIONS],
    ]) {
      id += 1;
      await cdpBrowser.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    }
    throttled += 1;
  }
  return throttled;
}

async function timeVisit(context, { path, isUsable }) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', CONDITIONS);
  const started = Date.now();
  await page.goto(path, { waitUntil: 'commit', timeout: 120_000 });
  await isUsable(page);
  const elapsed = Date.now() - started;
  await page.close();
  return elapsed;
}

const signIn = await browser.newContext({ baseURL: options.url });
const signInPage = await signIn.newPage();
await signInPage.goto('/login');
await signInPage.getByLabel('Email').fill(options.email);
await signInPage.getByRole('textbox', { name: 'Password', exact: true }).fill(options.password);
await signInPage.getByRole('button', { name: 'Sign in' }).click();
await signInPage.waitForURL(/\/dashboard$/);
const storageState = await signIn.storageState();
await signIn.close();

// The returning fee earner: a context that has opened both pages once (unthrottled), whose service worker now holds the app.
const returning = await browser.newContext({ baseURL: options.url, storageState });
const warm = await returning.newPage();
for (const { path } of PAGES) await warm.goto(path);
await warm.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 120_000 });
await warm.close();

const results = new Map(PAGES.map(({ path }) => [path, { first: [], repeat: [] }]));
for (let run = 0; run < Number(options.runs); run += 1) {
  for (const visit of PAGES) {
    // First visit: a new context, its HTTP cache empty, no service worker.
    const fresh = await browser.newContext({ baseURL: options.url, storageState, serviceWorkers: 'block' });
    results.get(visit.path).first.push(await timeVisit(fresh, visit));
    await fresh.close();

    // Repeat visit: the worker may have been stopped and started again since, so it is throttled anew.
    if ((await throttleServiceWorkers()) === 0) throw new Error('No service worker to throttle: is the build a production one?');
    results.get(visit.path).repeat.push(await timeVisit(returning, visit));
    const { first, repeat } = results.get(visit.path);
    console.log(`run ${run + 1} ${visit.path}: first visit ${first.at(-1)} ms, repeat visit ${repeat.at(-1)} ms`);
  }
}
await browser.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [path, { first, repeat }] of results) {
  console.log(
    `${path} at ${options.kbits} kbit/s, ${options.latency} ms: usable after a median ${(median(first) / 1000).toFixed(2)} s on a first visit, ` +
      `${(median(repeat) / 1000).toFixed(2)} s on a repeat visit (${first.length} runs; repeat ${Math.min(...repeat)}–${Math.max(...repeat)} ms)`,
  );
}
