import type { Page } from '@playwright/test';
import { emailedLink, expect, firmApi, signInAsFirmUser, test } from './support.ts';
import {
  CLIENT_OVERVIEW_BUDGET,
  expectWithinBudget,
  firstVisit,
  firstVisits,
  INTAKE_FORM_BUDGET,
  LOGIN_BUDGET,
  PAGE_BUDGET,
  signedInAsAdmin,
} from './page-budgets.ts';

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

// The first visits are split into groups that run in parallel workers, each well inside its own time limit.
test.describe('JavaScript budgets of a first visit; the chart library only where a chart is drawn', () => {
  test.describe.configure({ mode: 'parallel' });

  test('the sign-in page and the other public pages', async ({ browser, page }) => {
    test.setTimeout(150_000);
    expectWithinBudget(await firstVisit(browser, '/login'), LOGIN_BUDGET);
    for (const path of ['/signup', '/forgot-password', '/portal/demo/login', '/portal/demo/signup']) {
      expectWithinBudget(await firstVisit(browser, path), PAGE_BUDGET);
    }
    expectWithinBudget(await firstVisit(browser, '/intake/demo/property-purchase'), INTAKE_FORM_BUDGET);
    expectWithinBudget(await firstVisit(browser, await demoSigningPath(page)), PAGE_BUDGET);
  });

  test('leads and intake forms', async ({ browser, page }) => {
    test.setTimeout(120_000);
    const signedIn = await signedInAsAdmin(page);
    const leads = await firmApi<{ data: { id: string }[] }>(page, 'GET', '/admin/leads/get-leads?page=1&size=1');
    const forms = await firmApi<{ data: { id: string }[] }>(page, 'GET', '/admin/intake-forms/get-intake-forms?page=1&size=1');
    await firstVisits(browser, signedIn, [
      '/leads',
      '/leads?view=list',
      `/leads/${leads.data[0]!.id}`,
      '/leads/intake-forms',
      '/leads/intake-forms/new',
      `/leads/intake-forms/${forms.data[0]!.id}`,
    ]);
  });

  test('the dashboard, time, clients and matters', async ({ browser, page }) => {
    test.setTimeout(180_000);
    const signedIn = await signedInAsAdmin(page);
    const clients = await firmApi<{ companies: { companyId: string }[] }>(page, 'GET', '/admin/client-info/get-associated-client-users');
    const clientId = clients.companies[0]!.companyId;
    const matters = await firmApi<{ id: string }[] | { data: { id: string }[] }>(
      page,
      'GET',
      `/admin/matter-master/get-matter-name-using-client?ClientId=${clientId}`,
    );
    const matterId = (Array.isArray(matters) ? matters : matters.data)[0]!.id;
    const visits = await firstVisits(browser, signedIn, [
      '/dashboard',
      '/time-entries',
      '/clients/list',
      '/clients/add-new-client',
      `/clients/${clientId}/edit`,
      `/clients/${clientId}?activeTab=trust`,
      '/conflict-check',
      '/matter/matter-list',
      '/matter/add-new-matter',
      `/matter/${matterId}`,
      `/matter/${matterId}/edit`,
    ]);
    expect(visits.find((visit) => visit.path === '/dashboard')?.drawsChart, 'the dashboard draws its chart').toBe(true);
    await firstVisits(browser, signedIn, [`/clients/${clientId}`], CLIENT_OVERVIEW_BUDGET);
  });

  test('the settings pages', async ({ browser, page }) => {
    test.setTimeout(180_000);
    await firstVisits(browser, await signedInAsAdmin(page), [
      '/settings',
      '/settings/my-account',
      '/settings/team',
      '/settings/roles',
      '/settings/firm-profile',
      '/settings/activity-types',
      '/settings/practice-areas',
      '/settings/currencies',
      '/settings/custom-fields',
      '/settings/expense-categories',
      '/settings/invoices',
      '/settings/consultations',
      '/settings/recycle-bin',
      '/settings/export',
      '/settings/import',
    ]);
  });

  test('expenses, flat fees, invoices and trust', async ({ browser, page }) => {
    test.setTimeout(180_000);
    const signedIn = await signedInAsAdmin(page);
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
    await firstVisits(browser, signedIn, [
      '/billing/flat-fees',
      '/billing/flat-fees/add-new-flat-fee',
      '/expense-request/direct-expense?activeTab=client',
      '/expense-request/direct-expense/add-expense',
      `/expense-request/direct-expense/edit-expense/${expenseId}`,
      '/expense-request/approvals',
      '/billing',
      '/billing?view=aged-receivables',
      '/billing/invoice/invoice-empty',
      '/billing/bill-runs',
      '/billing/pre-bill-review',
      '/trust-account/accounts',
      `/trust-account/${trustAccountId}`,
      `/trust-account/${trustAccountId}?activeTab=movements`,
      `/trust-account/record/${movementId}`,
    ]);
  });

  // Apart from billing: together the 29 pages ran past 180 s on a busy CI machine.
  test('accounting and reports', async ({ browser, page }) => {
    test.setTimeout(180_000);
    await firstVisits(browser, await signedInAsAdmin(page), [
      '/accounting/chart-of-accounts',
      '/accounting/journal-entries',
      '/accounting/general-ledger',
      '/accounting/trial-balance',
      '/accounting/profit-and-loss',
      '/accounting/balance-sheet',
      '/accounting/budgets',
      '/accounting/bank-accounts',
      '/accounting/vat',
      '/accounting/period-close',
      '/reports',
      '/reports/work-in-progress',
      '/reports/statutory-books',
      '/reports/audit-trail',
    ]);
  });

  test('the documents pages', async ({ browser, page }) => {
    test.setTimeout(180_000);
    const signedIn = await signedInAsAdmin(page);
    type Contents = { subfolders: { id: string; kind: string }[]; documents: { data: { id: string }[] } };
    const top = await firmApi<Contents>(page, 'GET', '/admin/document/get-folder');
    const precedents = top.subfolders.find((folder) => folder.kind === 'firm')!;
    const inPrecedents = await firmApi<Contents>(page, 'GET', `/admin/document/get-folder?FolderId=${precedents.id}`);
    const clients = await firmApi<{ companies: { companyId: string }[] }>(page, 'GET', '/admin/client-info/get-associated-client-users');
    await firstVisits(browser, signedIn, [
      '/documents',
      `/documents/folder/${precedents.id}`,
      `/documents/document/${inPrecedents.documents.data[0]!.id}`,
      `/documents/document/${inPrecedents.documents.data[0]!.id}/send-for-signature`,
      '/documents/signature-requests',
      '/documents/search',
      '/documents/templates',
      '/documents/recycle-bin',
      `/clients/${clients.companies[0]!.companyId}?activeTab=documents`,
    ]);
  });
});

/**
 * A live signing link (/sign/{token}) of the demo's letter out for signature: the seed emails
 * nothing, so its open signer is reminded, which emails the link again.
 */
async function demoSigningPath(page: Page): Promise<string> {
  await signedInAsAdmin(page);
  const sent = await firmApi<{ data: { id: string }[] }>(page, 'GET', '/admin/signature-requests/get-requests?Status=Sent&page=1&size=1');
  const requestId = sent.data[0]!.id;
  const request = await firmApi<{ signers: { email: string; status: string }[] }>(
    page,
    'POST',
    `/admin/signature-requests/remind-signers/${requestId}`,
  );
  const signer = request.signers.find((person) => !['Signed', 'Declined', 'Waiting'].includes(person.status))!;
  return new URL(await emailedLink(signer.email, /\/sign\//)).pathname;
}
