import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, signInAsFirmUser } from './support.ts';

export const KB = 1024;
/** Issue 13's budgets: compressed JavaScript a first visit (cold cache) downloads. */
export const LOGIN_BUDGET = 120 * KB;
/**
 * 250 KB until issue 46; 260 KB since (ADR 94): the installable app's registration and offline queue
 * on every firm page, measured at most 255.5 KB.
 */
export const PAGE_BUDGET = 260 * KB;
/** The client's overview draws the most cards of any page (ADR 94): measured 267.9 KB at issue 46. */
export const CLIENT_OVERVIEW_BUDGET = 270 * KB;
/** Issue 45: a public intake form, opened once and often on a phone (its own small build, ADR 81). */
export const INTAKE_FORM_BUDGET = 100 * KB;

export type Visit = { path: string; scriptBytes: number; scripts: string[]; loadsChartLibrary: boolean; drawsChart: boolean };

/** Opens `path` in a fresh context (its own empty HTTP cache) and adds up the JavaScript the page downloaded, as sent. */
export async function firstVisit(browser: Browser, path: string, options: BrowserContextOptions = {}): Promise<Visit> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const downloads: Promise<{ url: string; bytes: number; isChartLibrary: boolean }>[] = [];
  let pending = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    pending += 1;
    lastActivity = Date.now();
  });
  const settle = () => {
    pending -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    downloads.push(
      (async () => ({
        url: new URL(response.url()).pathname,
        bytes: (await response.request().sizes()).responseBodySize,
        // uPlot names its classes u-legend, u-over…: no other code has them.
        isChartLibrary: (await response.text()).includes('u-legend'),
      }))(),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // A page asks for more code after its data has arrived and rendered (the chart): wait until it stays quiet.
  await expect.poll(() => pending === 0 && Date.now() - lastActivity > 2000, { timeout: 30_000, intervals: [250] }).toBe(true);
  expect(new URL(page.url()).pathname, `${path} opened itself, not a redirect`).toBe(path.split('?')[0]);
  const scripts = await Promise.all(downloads);
  const drawsChart = (await page.locator('.uplot canvas').count()) > 0;
  await context.close();
  return {
    path,
    scriptBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    scripts: scripts.map((script) => script.url),
    loadsChartLibrary: scripts.some((script) => script.isChartLibrary),
    drawsChart,
  };
}

export function expectWithinBudget(visit: Visit, budget: number) {
  console.log(`${visit.path}: ${(visit.scriptBytes / KB).toFixed(1)} KB of ${(budget / KB).toFixed(0)} KB`);
  // Soft: every page is measured and every one over its budget is reported, not only the first.
  expect.soft(visit.scriptBytes, `${visit.path}: ${(visit.scriptBytes / KB).toFixed(1)} KB of JavaScript`).toBeLessThanOrEqual(budget);
  expect(visit.scripts.length, `${visit.path} loaded its scripts`).toBeGreaterThan(0);
  expect(visit.loadsChartLibrary, `${visit.path} loads the chart library only if it draws a chart`).toBe(visit.drawsChart);
}

/** Signs the demo administrator in on `page` and returns the session, for first visits in fresh contexts. */
export async function signedInAsAdmin(page: Page): Promise<BrowserContextOptions> {
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  return { storageState: await page.context().storageState() };
}

/** Visits measured at once: each mostly waits out its page's 2 quiet seconds, so three overlap them. */
const VISITS_AT_ONCE = 3;

/** First visits to each path (each in its own context and cache), each held to the page budget. */
export async function firstVisits(browser: Browser, options: BrowserContextOptions, paths: string[], budget = PAGE_BUDGET) {
  const visits: Visit[] = [];
  for (let start = 0; start < paths.length; start += VISITS_AT_ONCE) {
    const batch = await Promise.all(paths.slice(start, start + VISITS_AT_ONCE).map((path) => firstVisit(browser, path, options)));
    for (const visit of batch) expectWithinBudget(visit, budget);
    visits.push(...batch);
  }
  return visits;
}
