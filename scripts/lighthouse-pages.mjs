// Issue 43's phone-network budgets, measured by Lighthouse itself (npm `lighthouse`, Debian's chromium):
// each page's cold first visit with the mobile preset (slow 4G, a mid-range phone's CPU, simulated) and
// the desktop preset, signed in as a fee earner's administrator or as a client, the median of `--runs`.
// A benchmark to run on demand, not in CI (timings depend on the machine):
//   npm run build && PORT=4323 npm start        (another shell)
//   node scripts/lighthouse-pages.mjs --url http://127.0.0.1:4323 --runs 3 [--preset mobile|desktop|both] [--only portal|firm|public]
// Lighthouse keeps local storage between runs (it clears caches, not the session), so a page is
// measured signed in: the script signs in through the page once per kind of user.
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '3' },
    preset: { type: 'string', default: 'both' },
    only: { type: 'string' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'Matterhorn-demo-2026' },
  },
});
const RUNS = Number(options.runs);
const PRESETS = options.preset === 'both' ? ['mobile', 'desktop'] : [options.preset];
const KB = 1024;

/** Issue 43's targets: what a firm's clients open on their phones, and every firm page. */
const TARGETS = {
  client: { mobile: { score: 90, lcp: 2500 }, desktop: { score: 95 } },
  firm: { mobile: { lcp: 3500, tbt: 300 }, desktop: { score: 95 } },
};

const FIRM_PAGES = [
  '/dashboard',
  '/time-entries',
  '/tasks',
  '/calendar',
  '/clients/list',
  '/matter/matter-list',
  '/progress-update',
  '/expense-request',
  '/billing',
  '/billing/flat-fees',
  '/trust-account/accounts',
  '/documents',
  '/reports',
  '/accounting/trial-balance',
  '/settings',
  '/settings/team',
];
const PORTAL_TABS = ['overview', 'matters', 'invoices', 'trust', 'documents', 'messages'];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

/** Signs in through the page, as a person would: the session stays in local storage for Lighthouse's runs. */
async function signIn(loginPath, email) {
  const page = await browser.newPage();
  await page.goto(new URL(loginPath, options.url).href, { waitUntil: 'networkidle0' });
  await page.locator('input[type="email"], input[autocomplete="email"], input[autocomplete="username"]').fill(email);
  await page.locator('input[type="password"]').fill(options.password);
  // Enter in the password field: a locator's click on "Sign in" did not reach the firm's form in a
  // window of puppeteer's default size (nothing was sent), and the script waited for nothing.
  await page.keyboard.press('Enter');
  // The app routes on the client: the address changes without a navigation.
  await page.waitForFunction(() => !location.pathname.endsWith('/login'));
  const landing = new URL(page.url());
  const token = await page.evaluate(() => localStorage.getItem('token') || localStorage.getItem('clientToken'));
  await page.close();
  return { landing, token };
}

async function api(token, path, init = {}) {
  const response = await fetch(new URL(path, options.url), { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()).data;
}

/** The public invoice page of the demo's newest issued invoice, one still owing first (its live link, or a new one). */
async function publicInvoicePath(token) {
  const list = await api(token, '/api/admin/invoice/get-invoice-list?page=1&size=20');
  const issued = (Array.isArray(list) ? list : list.data).filter((invoice) => ['Sent', 'PartlyPaid', 'Paid'].includes(invoice.status));
  const invoiceId = (issued.find((invoice) => invoice.status !== 'Paid') ?? issued[0])?.id;
  if (!invoiceId) return null;
  const current = await api(token, `/api/admin/invoice/get-invoice-link/${invoiceId}`);
  const url = current?.url ?? (await api(token, `/api/admin/invoice/reissue-invoice-link/${invoiceId}`, { method: 'POST' })).url;
  return new URL(url).pathname;
}

/** A client's id makes the portal's addresses too wide for a table: it is named, not printed. */
const shown = (path) =>
  path
    .replace(/\/portal\/([^/]+)\/[0-9a-f-]{36}/, '/portal/$1/:client')
    .replace(/\/billing\/invoice\/[\w-]{20,}/, '/billing/invoice/:slug');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Lighthouse's runs of one page and preset, reduced to their medians. */
async function measure(path, preset) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await lighthouse(
      new URL(path, options.url).href,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (result.lhr.runtimeError) {
      console.log(
        `${path} (${preset}): Lighthouse could not measure it: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
      );
      continue;
    }
    const { audits, categories } = result.lhr;
    const scripts = (audits['resource-summary']?.details?.items ?? []).find((item) => item.resourceType === 'script');
    runs.push({
      score: Math.round(categories.performance.score * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      kb: audits['total-byte-weight'].numericValue / KB,
      jsKb: (scripts?.transferSize ?? 0) / KB,
    });
  }
  if (runs.length === 0) return null;
  const of = (key) => median(runs.map((run) => run[key]));
  return { score: of('score'), lcp: of('lcp'), tbt: of('tbt'), cls: of('cls'), kb: of('kb'), jsKb: of('jsKb') };
}

function verdict(kind, preset, figures) {
  const target = TARGETS[kind][preset];
  const misses = [];
  if (target.score !== undefined && figures.score < target.score) misses.push(`score < ${target.score}`);
  if (target.lcp !== undefined && figures.lcp > target.lcp) misses.push(`LCP > ${target.lcp} ms`);
  if (target.tbt !== undefined && figures.tbt > target.tbt) misses.push(`TBT > ${target.tbt} ms`);
  if (figures.cls > 0.1) misses.push('CLS > 0.1');
  return misses.length === 0 ? 'PASS' : `FAIL (${misses.join(', ')})`;
}

const rows = [];
async function measurePages(kind, paths) {
  for (const path of paths)
    for (const preset of PRESETS) {
      const figures = await measure(path, preset);
      if (!figures) {
        rows.push({ path, preset, score: 0, lcp: NaN, tbt: NaN, cls: NaN, kb: NaN, jsKb: NaN, result: 'NOT MEASURED' });
        continue;
      }
      const row = { path, preset, ...figures, result: verdict(kind, preset, figures) };
      rows.push(row);
      console.log(
        `${shown(path)} (${preset}): score ${row.score}, LCP ${Math.round(row.lcp)} ms, TBT ${Math.round(row.tbt)} ms, CLS ${row.cls.toFixed(3)}, ${row.kb.toFixed(0)} KB (JS ${row.jsKb.toFixed(0)} KB)`,
      );
    }
}

try {
  const only = options.only;
  if (!only || only === 'public') {
    await measurePages('client', ['/login', '/signup', '/portal/demo/login']);
  }
  if (!only || only === 'firm' || only === 'public') {
    const firm = await signIn('/login', 'admin@demo.law');
    const invoicePath = await publicInvoicePath(firm.token).catch(() => null);
    if (!only || only === 'firm') await measurePages('firm', FIRM_PAGES);
    if (invoicePath) await measurePages('client', [invoicePath]);
  }
  if (!only || only === 'portal') {
    const client = await signIn('/portal/demo/login', 'client@demo.law');
    const overview = client.landing.pathname;
    await measurePages(
      'client',
      PORTAL_TABS.map((tab) => `${overview}?activeTab=${tab}`),
    );
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
}

const header = ['page', 'preset', 'score', 'LCP', 'TBT', 'CLS', 'KB', 'JS KB', 'result'];
const table = rows.map((row) => [
  shown(row.path),
  row.preset,
  String(row.score),
  `${Math.round(row.lcp)} ms`,
  `${Math.round(row.tbt)} ms`,
  row.cls.toFixed(3),
  row.kb.toFixed(0),
  row.jsKb.toFixed(0),
  row.result,
]);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column].length)));
const line = (cells) =>
  cells
    .map((cell, column) => (column === 0 || column === 1 || column === 8 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
    .join('  ');
console.log(`\n${options.url}, Lighthouse ${PRESETS.join(' and ')} preset, cold cache, median of ${RUNS} runs`);
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const cells of table) console.log(line(cells));
