// Issue 40's budgets as felt, in headless Chromium with the CPU slowed 4× (like a mid-range phone), compressed assets:
// Largest Contentful Paint of a cold first visit, interaction to next paint when typing in the time-entry popup and
// opening a matter, and the compressed JavaScript each page downloads. A benchmark to run on demand, not in CI
// (timings depend on the machine); it prints, for each case, the median and the worst of the runs against the target:
//   npm run build && PORT=4323 npm start        (another shell)
//   node scripts/measure-web-vitals.mjs --url http://127.0.0.1:4323 --runs 5
import { parseArgs } from 'node:util';
import { launchMeasuringChromium } from './measuring-chromium.mjs';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Matterhorn-demo-2026' },
  },
});
const RUNS = Number(options.runs);
const CPU = Number(options.cpu);
const KB = 1024;
// About 30 characters, typed at a fast typist's pace: each key is its own interaction.
const DESCRIPTION = 'Call with client re settlement';
const KEY_DELAY_MS = 50;

const browser = await launchMeasuringChromium();

/** Signs in once, unthrottled; every run starts from a copy of this session in a fresh context (empty cache). */
async function signIn(loginPath, email, landing) {
  const context = await browser.newContext({ baseURL: options.url });
  const page = await context.newPage();
  await page.goto(loginPath);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(options.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(landing);
  const { pathname, search } = new URL(page.url());
  const storageState = await context.storageState();
  await context.close();
  return { storageState, landing: pathname + search };
}

/** Runs in the page before its own code: records the latest LCP candidate and every interaction's event entries. */
function observeVitals() {
  window.__lcp = { startTime: 0, element: 'none' };
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const text = (entry.element?.textContent ?? '').trim().slice(0, 30);
      window.__lcp = { startTime: entry.startTime, element: `${entry.element?.tagName.toLowerCase()} "${text}"` };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // As Chrome's INP: only entries with an interactionId (pointer, click, key) count, from input to the next paint.
  // Chrome does not report entries under 16 ms, so "no entry" means the interaction painted within 16 ms.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__interactions.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** A first visit to `path` in a fresh context (its own empty HTTP cache), CPU throttled before navigating. */
async function coldVisit(path, storageState) {
  const context = await browser.newContext({ baseURL: options.url, storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await page.addInitScript(observeVitals);
  const scriptSizes = [];
  let pending = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    pending += 1;
    lastActivity = Date.now();
  });
  page.on('requestfailed', () => {
    pending -= 1;
    lastActivity = Date.now();
  });
  page.on('requestfinished', (request) => {
    pending -= 1;
    lastActivity = Date.now();
    // Bytes as sent over the wire: the server answers with the brotli or gzip copy.
    if (request.resourceType() === 'script') scriptSizes.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  // LCP is only reported for a page that has been visible since it started loading.
  await page.bringToFront();
  await page.goto(path, { waitUntil: 'networkidle' });
  // Under throttling the LCP entry arrives after the network is idle, and a page asks for more code once its data has
  // rendered: wait for an entry, then until the network has been quiet 1.5 s (a later, larger paint replaces the entry).
  await page.waitForFunction(() => window.__lcp.startTime > 0, undefined, { timeout: 30_000 });
  const deadline = Date.now() + 30_000;
  while ((pending > 0 || Date.now() - lastActivity < 1500) && Date.now() < deadline) await page.waitForTimeout(250);
  const landed = new URL(page.url()).pathname;
  if (landed !== path.split('?')[0]) throw new Error(`${path} redirected to ${landed}: is the session still valid?`);
  const lcp = await page.evaluate(() => window.__lcp);
  const scriptBytes = (await Promise.all(scriptSizes)).reduce((sum, size) => sum + size, 0);
  return { context, page, lcp, scriptBytes };
}

/** The longest interaction that started after `since` (page time), once its entries have been delivered after paint. */
async function worstInteraction(page, since) {
  await page.waitForTimeout(1000);
  return page.evaluate((since) => {
    const entries = window.__interactions.filter((entry) => entry.startTime >= since);
    return entries.reduce((worst, entry) => (entry.duration > worst.duration ? entry : worst), { name: 'none under 16 ms', duration: 0 });
  }, since);
}

/** Types the description in the New Time Entry popup on /time-entries, after the page has loaded. */
async function typeInTimeEntryPopup() {
  const { context, page } = await coldVisit('/time-entries', admin.storageState);
  await page.getByRole('button', { name: 'New Time Entry' }).click();
  const description = page.getByRole('dialog', { name: 'New Time Entry' }).getByLabel('Description');
  await description.click();
  const since = await page.evaluate(() => performance.now());
  await page.keyboard.type(DESCRIPTION, { delay: KEY_DELAY_MS });
  const typed = await description.inputValue();
  if (typed !== DESCRIPTION) throw new Error(`the popup's description reads "${typed}"`);
  const worst = await worstInteraction(page, since);
  await context.close();
  return { value: worst.duration, detail: worst.name };
}

/** Clicks the first matter's name on the matter list and waits for the matter page's heading. */
async function openMatter() {
  const { context, page, scriptBytes } = await coldVisit('/matter/matter-list', admin.storageState);
  // The second link of a row is the matter's name (the first, its number, is out of the tab order).
  const link = page.getByRole('table', { name: 'Matters' }).locator('tbody tr').first().getByRole('link').nth(1);
  const name = (await link.textContent()).trim();
  const since = await page.evaluate(() => performance.now());
  await link.click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 30_000 });
  const worst = await worstInteraction(page, since);
  await context.close();
  return { value: worst.duration, detail: worst.name, scriptBytes };
}

// Each row: its runs' values, the target, and how to print them.
const rows = [];
function row(label, target, unit) {
  const entry = { label, target, unit, values: [] };
  rows.push(entry);
  return entry;
}
const ms = (value) => `${Math.round(value)} ms`;
const kb = (value) => `${(value / KB).toFixed(1)} KB`;

const admin = await signIn('/login', 'admin@demo.law', /\/dashboard$/);
const client = await signIn('/portal/demo/login', 'client@demo.law', /\/portal\/demo\/[0-9a-f-]{36}\?activeTab=overview$/);

const pages = [
  { label: '/login (signed out)', path: '/login', session: undefined, jsBudget: 120 * KB },
  { label: '/dashboard', path: '/dashboard', session: admin.storageState, jsBudget: 250 * KB },
  { label: '/time-entries', path: '/time-entries', session: admin.storageState, jsBudget: 250 * KB },
  { label: 'portal overview', path: client.landing, session: client.storageState, jsBudget: 250 * KB },
];
const lcpRows = pages.map((visit) => row(`LCP ${visit.label}`, 1500, ms));
const inpRows = [row('INP typing in the time-entry popup', 200, ms), row('INP opening a matter', 200, ms)];
const jsRows = [...pages, { label: '/matter/matter-list', jsBudget: 250 * KB }].map((visit) =>
  row(`JS ${visit.label}`, visit.jsBudget, kb),
);

for (const [index, visit] of pages.entries()) {
  for (let run = 0; run < RUNS; run += 1) {
    const { context, lcp, scriptBytes } = await coldVisit(visit.path, visit.session);
    await context.close();
    lcpRows[index].values.push(lcp.startTime);
    jsRows[index].values.push(scriptBytes);
    console.log(`${visit.label} run ${run + 1}: LCP ${ms(lcp.startTime)} (${lcp.element}), JavaScript ${kb(scriptBytes)}`);
  }
}
for (let run = 0; run < RUNS; run += 1) {
  const typing = await typeInTimeEntryPopup();
  inpRows[0].values.push(typing.value);
  const opening = await openMatter();
  inpRows[1].values.push(opening.value);
  jsRows.at(-1).values.push(opening.scriptBytes);
  console.log(
    `INP run ${run + 1}: typing ${ms(typing.value)} (${typing.detail}), opening a matter ${ms(opening.value)} (${opening.detail})`,
  );
}
await browser.close();

// Median and worst of the runs; the worst must meet the target too, so a case passes only if every run did.
const table = [...lcpRows, ...inpRows, ...jsRows].map(({ label, target, unit, values }) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const worst = sorted.at(-1);
  return [label, unit(median), unit(worst), `≤ ${unit(target)}`, worst <= target ? 'PASS' : 'FAIL'];
});
const header = ['case', 'median', 'worst', 'target', 'result'];
const widths = header.map((title, column) => Math.max(title.length, ...table.map((line) => line[column].length)));
const format = (line) =>
  line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
console.log(
  `\n${options.url}, CPU ${CPU}× slower, cold cache, ${RUNS} runs each (INP: "0 ms" means every interaction painted within 16 ms)`,
);
console.log(format(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const line of table) console.log(format(line));
