import type { Browser, BrowserContextOptions } from '@playwright/test';
import { expect, firmApi, signInAsFirmUser, test } from './support.ts';

const KB = 1024;
/** Issue 13's budgets: compressed JavaScript a first visit (cold cache) downloads. */
const LOGIN_BUDGET = 120 * KB;
const PAGE_BUDGET = 250 * KB;

type Visit = { path: string; scriptBytes: number; scripts: string[]; loadsChartLibrary: boolean; drawsChart: boolean };

/** Opens `path` in a fresh context (its own empty HTTP cache) and adds up the JavaScript the page downloaded, as sent. */
async function firstVisit(browser: Browser, path: string, options: BrowserContextOptions = {}): Promise<Visit> {
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

function expectWithinBudget(visit: Visit, budget: number) {
  console.log(`${visit.path}: ${(visit.scriptBytes / KB).toFixed(1)} KB of ${(budget / KB).toFixed(0)} KB`);
  // Soft: every page is measured and every one over its budget is reported, not only the first.
  expect.soft(visit.scriptBytes, `${visit.path}: ${(visit.scriptBytes / KB).toFixed(1)} KB of JavaScript`).toBeLessThanOrEqual(budget);
  expect(visit.scripts.length, `${visit.path} loaded its scripts`).toBeGreaterThan(0);
  expect(visit.loadsChartLibrary, `${visit.path} loads the chart library only if it draws a chart`).toBe(visit.drawsChart);
}

test('a visitor opening the address sees the sign-in page; a signed-in user, the dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the built app is sent compressed, hashed assets cached for a year, the page revalidated', async ({ page, request }) => {
  const index = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');

  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const [encoding, expected] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const answer = await request.get(scripts[0]!, { headers: { 'accept-encoding': encoding } });
    expect(answer.headers()['content-encoding'], `${scripts[0]} for ${encoding}`).toBe(expected);
    expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});

test('JavaScript budgets of a first visit; the chart library only where a chart is drawn', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const publicPages = ['/signup', '/forgot-password', '/portal/demo/login', '/portal/demo/signup'];
  const login = await firstVisit(browser, '/login');
  expectWithinBudget(login, LOGIN_BUDGET);
  for (const path of publicPages) expectWithinBudget(await firstVisit(browser, path), PAGE_BUDGET);

  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  const signedIn = { storageState: await page.context().storageState() };
  const clients = await firmApi<{ companies: { companyId: string }[] }>(page, 'GET', '/admin/client-info/get-associated-client-users');
  const clientId = clients.companies[0]!.companyId;
  const matters = await firmApi<{ id: string }[] | { data: { id: string }[] }>(
    page,
    'GET',
    `/admin/matter-master/get-matter-name-using-client?ClientId=${clientId}`,
  );
  const matterId = (Array.isArray(matters) ? matters : matters.data)[0]!.id;
  const expenses = await firmApi<{ data: { id: string }[] }>(
    page,
    'GET',
    '/admin/expense-flat-fees-info/get-expenses-list?IsFirmExpense=false&page=1&size=1',
  );
  const expenseId = expenses.data[0]!.id;
  // The demo firm's trust account and one of its movements.
  const trustAccountId = (await firmApi<{ id: string }[]>(page, 'GET', '/admin/trust-account/get-trust-accounts'))[0]!.id;
  const movements = await firmApi<{ data: { id: string }[] }>(
    page,
    'GET',
    `/admin/trust-account/get-trust-transactions?TrustAccountId=${trustAccountId}&page=1&size=1`,
  );
  const movementId = movements.data[0]!.id;

  const firmPages = [
    '/dashboard',
    '/time-entries',
    '/clients/list',
    '/clients/add-new-client',
    `/clients/${clientId}`,
    `/clients/${clientId}/edit`,
    '/conflict-check',
    '/matter/matter-list',
    '/matter/add-new-matter',
    `/matter/${matterId}`,
    `/matter/${matterId}/edit`,
    '/settings/team',
    '/settings/roles',
    '/settings/firm-profile',
    '/settings/activity-types',
    '/settings/practice-areas',
    '/settings/currencies',
    '/settings/custom-fields',
    '/billing/flat-fees',
    '/billing/flat-fees/add-new-flat-fee',
    '/expense-request/direct-expense?activeTab=client',
    '/expense-request/direct-expense/add-expense',
    `/expense-request/direct-expense/edit-expense/${expenseId}`,
    '/expense-request/approvals',
    '/settings/expense-categories',
    '/billing',
    '/billing?view=aged-receivables',
    '/billing/invoice/invoice-empty',
    '/settings/invoices',
    '/trust-account/accounts',
    `/trust-account/${trustAccountId}`,
    `/trust-account/${trustAccountId}?activeTab=movements`,
    `/trust-account/record/${movementId}`,
    `/clients/${clientId}?activeTab=trust`,
  ];
  const visits: Visit[] = [];
  for (const path of firmPages) visits.push(await firstVisit(browser, path, signedIn));
  for (const visit of visits) expectWithinBudget(visit, PAGE_BUDGET);
  expect(visits.find((visit) => visit.path === '/dashboard')?.drawsChart, 'the dashboard draws its chart').toBe(true);
});
