import { writeFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { test, expect, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, firmApi, signInAsFirmUser } from './support.ts';

// Issue 40, "Accessible to everyone", and issue 64: axe-core finds no violation of any of its rules
// (WCAG 2.2 AA and its best practices: landmarks, heading levels), of any impact, on any page: every
// firm page (and each tab of the pages that have them), every page of the client portal and the
// public pages, and every modal and menu opened over them. At 1280 px, and at 390 px where a page
// scrolls sideways on a phone (the invoices). One browser context per user; each page is checked
// once, when its main heading shows and its requests are done. The journeys' own checks (support.ts)
// cover the states a page reaches as it is used.

const ADMIN = 'admin@demo.law';
const CLIENT = 'client@demo.law';
/** What a page shows while its code or data loads (LoadingSpinner, a Mantine loader). */
const LOADING = '[role="status"][aria-label^="Loading"], .mantine-Loader-root';

type ListOf<T> = T[] | { data: T[] };
const itemsOf = <T>(list: ListOf<T>) => (Array.isArray(list) ? list : list.data);

type Violation = { path: string; rule: string; impact: string; help: string; targets: string[]; nodes: unknown[] };

/** Pages checked at once, each in its own tab: most of a check is waiting on the server or the browser. */
const TABS_AT_ONCE = 3;

/**
 * expected: what the console may say on this page, e.g. the 404 a page of an unknown link is sent by the API.
 * opens: a modal or menu opened on the page once it shows, checked while open (named in the report);
 * it returns what shows once open. phone: checked at a phone's width.
 */
type Check = {
  path: string;
  shown?: (page: Page) => Locator;
  expected?: RegExp;
  opens?: { name: string; open: (page: Page) => Promise<Locator> };
  phone?: boolean;
};
const DESKTOP = { width: 1280, height: 720 };
/** Modals and menus open without a transition (the theme respects reduced motion), so none is checked half-faded. */
const CONTEXT = { reducedMotion: 'reduce' as const };
const PHONE = { width: 390, height: 844 };

/** A modal or menu opened by clicking `button`, checked once `shown` shows. */
const opening = (name: string, button: (page: Page) => Locator, shown: (page: Page) => Locator) => ({
  name,
  open: async (page: Page) => {
    await button(page).click();
    return shown(page);
  },
});
const dialogNamed = (name: string | RegExp) => (page: Page) => page.getByRole('dialog', { name });

/** Waits until `page` has had no request in flight for a moment, so a check waits until the page has its data. */
function trackRequests(page: Page) {
  let pending = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    pending += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    pending = Math.max(0, pending - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => expect.poll(() => pending === 0 && Date.now() - lastActivity >= 200, { timeout: 15_000, intervals: [50] }).toBe(true);
}

/** Checks pages of one user's browser context with axe-core and reports every violation at the end. */
class Checker {
  readonly violations: Violation[] = [];
  readonly unloaded: string[] = [];
  /** Errors and warnings in the console (a blocked script, a failed request, a React warning), by page. */
  readonly consoleMessages: string[] = [];

  constructor(readonly context: BrowserContext) {}

  /** Checks every page, a few at a time. */
  async checkAll(checks: readonly (Check | string)[]) {
    const queue = checks.map((check) => (typeof check === 'string' ? { path: check } : check));
    const tab = async () => {
      const page = await this.context.newPage();
      const quiet = trackRequests(page);
      let path = '';
      let expected: RegExp | undefined;
      page.on('console', (message) => {
        const text = message.text();
        if ((message.type() === 'error' || message.type() === 'warning') && !expected?.test(text) && !BLOCKED_SERVICE_WORKER.test(text))
          this.consoleMessages.push(`${path}: ${message.type()} ${message.text()}`);
      });
      page.on('pageerror', (error) => this.consoleMessages.push(`${path}: uncaught ${error.message}`));
      // A script the content-security policy blocks inside a try/catch (zod's eval probe) logs nothing itself.
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP blocked ${event.violatedDirective}`)),
      );
      for (let check = queue.shift(); check; check = queue.shift()) {
        ({ path, expected } = check);
        await this.check(page, quiet, check);
      }
      await page.close();
    };
    await Promise.all(Array.from({ length: Math.min(TABS_AT_ONCE, queue.length) }, tab));
  }

  /**
   * Opens the page, waits for its main content (its h1 unless `shown` names another) and its data,
   * and checks it with axe-core.
   */
  private async check(page: Page, quiet: () => Promise<void>, { path: url, shown, opens, phone }: Check) {
    const path = `${url}${phone ? ' at 390 px' : ''}${opens ? ` with ${opens.name} open` : ''}`;
    const started = Date.now();
    let step = 'it did not open';
    try {
      await page.setViewportSize(phone ? PHONE : DESKTOP);
      await page.goto(url);
      step = 'its main content did not show';
      await expect(shown ? shown(page) : page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
      step = 'its requests did not end';
      await quiet();
      step = 'it kept loading';
      await expect(page.locator(LOADING).filter({ visible: true })).toHaveCount(0, { timeout: 10_000 });
      step = 'its requests did not end';
      await quiet();
      if (opens) {
        step = `${opens.name} did not open`;
        await expect(await opens.open(page)).toBeVisible();
        await quiet();
        await expect(page.locator(LOADING).filter({ visible: true })).toHaveCount(0, { timeout: 10_000 });
      }
    } catch {
      const loading = await page
        .locator(LOADING)
        .filter({ visible: true })
        .evaluateAll((nodes) => nodes.map((node) => node.parentElement?.outerHTML.slice(0, 300) ?? ''))
        .catch(() => []);
      this.unloaded.push(`${path}: ${step}${loading.length > 0 ? ` (${loading.join(' | ')})` : ''}`);
      return;
    }
    const ready = Date.now();
    // Every rule axe runs by default, best practices included (issue 64), none left out.
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze();
    // A11Y_TIMINGS=1 prints how long each page took to show and to check.
    if (process.env.A11Y_TIMINGS) console.log(`${path}: ready ${ready - started} ms, axe ${Date.now() - ready} ms`);
    for (const violation of results.violations)
      this.violations.push({
        path,
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
        nodes: violation.nodes.map((node) => ({ target: node.target, html: node.html, summary: node.failureSummary })),
      });
  }

  /** Fails on any page that did not load or has any violation, listing them all (details in violations.json). */
  async report(testInfo: TestInfo) {
    if (this.violations.length > 0)
      await writeFile(testInfo.outputPath('violations.json'), JSON.stringify(this.violations, null, 2)).catch(() => undefined);
    const lines = this.violations.map(
      (violation) => `${violation.path}: ${violation.impact} ${violation.rule} (${violation.help}) at ${violation.targets.join(' | ')}`,
    );
    expect(this.unloaded, 'every page shows its main content').toEqual([]);
    expect(lines, 'axe-core finds no violation on any page or open modal').toEqual([]);
    expect(this.consoleMessages, 'the console is clean on every page').toEqual([]);
  }
}

async function signedInFirmContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(CONTEXT);
  const page = await context.newPage();
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

/** The ids of demo records whose own pages are checked: the first of each list. */
async function demoRecords(page: Page) {
  const clients = await firmApi<{ companies: { companyId: string }[] }>(page, 'GET', '/admin/client-info/get-associated-client-users');
  const clientId = clients.companies[0]!.companyId;
  const matterId = itemsOf(
    await firmApi<ListOf<{ id: string }>>(page, 'GET', `/admin/matter-master/get-matter-name-using-client?ClientId=${clientId}`),
  )[0]!.id;
  const first = async (path: string) => itemsOf(await firmApi<ListOf<{ id: string }>>(page, 'GET', path))[0]?.id;
  const invoiceOf = (status: string) => first(`/admin/invoice/get-invoice-list?Status=${status}&page=1&size=1`);
  const trustAccountId = (await first('/admin/trust-account/get-trust-accounts'))!;
  type Contents = { subfolders: { id: string; kind: string }[]; documents: { data: { id: string }[] } };
  const top = await firmApi<Contents>(page, 'GET', '/admin/document/get-folder');
  const precedents = top.subfolders.find((folder) => folder.kind === 'firm') ?? top.subfolders[0]!;
  const inPrecedents = await firmApi<Contents>(page, 'GET', `/admin/document/get-folder?FolderId=${precedents.id}`);
  return {
    clientId,
    matterId,
    sentInvoiceId: (await invoiceOf('Sent')) ?? (await invoiceOf('PartlyPaid'))!,
    /** An invoice with payments in its Payments table (each with its Reverse and WHT credit note buttons). */
    paidInvoiceId: (await invoiceOf('PartlyPaid')) ?? (await invoiceOf('Paid'))!,
    draftInvoiceId: (await invoiceOf('Draft')) ?? (await invoiceOf('All'))!,
    billRunId: (await first('/admin/bill-runs/get-runs'))!,
    expenseId: (await first('/admin/expense-flat-fees-info/get-expenses-list?IsFirmExpense=false&page=1&size=1'))!,
    flatFeeId: (await first('/admin/expense-flat-fees-info/get-flat-fees-list?page=1&size=1'))!,
    progressNoteId: (await first('/admin/progress-update/get-progress-notes?page=1&size=1'))!,
    courtUpdateId: (await first('/admin/progress-update/get-court-updates?page=1&size=1'))!,
    trustAccountId,
    movementId: (await first(`/admin/trust-account/get-trust-transactions?TrustAccountId=${trustAccountId}&page=1&size=1`))!,
    folderId: precedents.id,
    documentId: inPrecedents.documents.data[0]!.id,
    intakeFormId: (await first('/admin/intake-forms/get-intake-forms?page=1&size=1'))!,
    leadId: (await first('/admin/leads/get-leads?page=1&size=1'))!,
  };
}

const REPORTS = [
  'work-in-progress',
  'aged-receivables',
  'collections',
  'billable-hours',
  'utilisation',
  'realisation',
  'matter-profitability',
  'trust-listing',
  'invoice-register',
  'expense-report',
  'statutory-books',
  'audit-trail',
  'leads',
];
const ACCOUNTING = [
  'chart-of-accounts',
  'journal-entries',
  'general-ledger',
  'trial-balance',
  'profit-and-loss',
  'balance-sheet',
  'budgets',
  'bank-accounts',
  'vat',
  'period-close',
];
const SETTINGS = [
  '',
  '/plans-&-subscriptions/select-plan',
  '/my-account',
  '/team',
  '/roles',
  '/firm-profile',
  '/activity-types',
  '/task-lists',
  '/practice-areas',
  '/invoices',
  '/consultations',
  '/client-messages',
  '/currencies',
  '/expense-categories',
  '/custom-fields',
  '/recycle-bin',
  '/export',
  '/import',
  '/backups',
];
/** Playwright's own word when the config's serviceWorkers: 'block' stops the app's registration (not the app's message). */
const BLOCKED_SERVICE_WORKER = /^Service Worker registration blocked by Playwright$/;
const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'];
const MATTER_TABS = [
  'overview',
  'time',
  'expenses',
  'notes',
  'tasks',
  'court-updates',
  'invoices',
  'trust',
  'documents',
  'messages',
  'texts',
];
const CLIENT_TABS = ['overview', 'invoices', 'trust', 'documents'];
const TRUST_ACCOUNT_TABS = ['ledgers', 'movements', 'approvals', 'requests', 'reconciliation'];
const PORTAL_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'matters', label: 'Matters' },
  { value: 'invoices', label: 'Invoices' },
  { value: 'trust', label: 'Trust' },
  { value: 'documents', label: 'Documents' },
  { value: 'messages', label: 'Messages' },
  { value: 'settings', label: 'Settings' },
];

type DemoRecords = Awaited<ReturnType<typeof demoRecords>>;

const createNew = (page: Page) => page.getByRole('button', { name: 'Create New' });
/** The top bar's menus and the popup opened from one, over the dashboard. */
const TOP_BAR_POPUPS = [
  opening('Create New', createNew, (page) => page.getByRole('menu', { name: 'Create New' })),
  opening(
    'Timers',
    (page) => page.getByRole('button', { name: /^Timers/ }),
    (page) => page.getByRole('menu'),
  ),
  {
    name: 'the search',
    open: async (page: Page) => {
      await page.getByLabel('Global search').fill('inv');
      return page.getByRole('listbox', { name: 'Search results' });
    },
  },
  {
    name: 'the time-entry popup',
    open: async (page: Page) => {
      await createNew(page).click();
      await page.getByRole('menuitem', { name: 'Time Entry' }).click();
      return page.getByRole('dialog');
    },
  },
];

/** Checks firm pages in one signed-in context; the firm's pages are split in two tests, each inside its own time. */
async function checkFirmPages(browser: Browser, testInfo: TestInfo, pathsOf: (ids: DemoRecords) => (Check | string)[]) {
  const { context, page } = await signedInFirmContext(browser);
  const ids = await demoRecords(page);
  await page.close();
  const checker = new Checker(context);
  await checker.checkAll(pathsOf(ids));
  await context.close();
  await checker.report(testInfo);
}

// About a minute for the 130 pages on a quiet machine; on a busy one (CI's can be) together they took over 3 minutes.
test("every firm page of clients, matters, leads and the day's work has no WCAG 2.2 AA violation", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  await checkFirmPages(browser, testInfo, (ids) => [
    '/dashboard',
    '/clients/list',
    '/clients/add-new-client',
    ...CLIENT_TABS.map((tab) => `/clients/${ids.clientId}?activeTab=${tab}`),
    `/clients/${ids.clientId}/edit`,
    '/conflict-check',
    '/leads',
    '/leads?view=list',
    `/leads/${ids.leadId}`,
    '/leads/intake-forms',
    `/leads/intake-forms/${ids.intakeFormId}`,
    '/matter/matter-list',
    '/matter/add-new-matter',
    ...MATTER_TABS.map((tab) => `/matter/${ids.matterId}?activeTab=${tab}`),
    `/matter/${ids.matterId}/edit`,
    '/time-entries',
    '/tasks',
    '/progress-update?activeTab=progress-notes',
    '/progress-update?activeTab=court-update',
    '/progress-update/add-progress-update',
    '/progress-update/add-progress-update?iscourtupdate=true',
    `/progress-update/edit-progress-note/${ids.progressNoteId}`,
    `/progress-update/edit-court-update/${ids.courtUpdateId}`,
    `/view/progress-note?id=${ids.progressNoteId}`,
    `/view/court-update?id=${ids.courtUpdateId}`,
    ...CALENDAR_VIEWS.map((view) => `/calendar?view=${view}`),
    '/expense-request/direct-expense?activeTab=client',
    '/expense-request/direct-expense?activeTab=firm',
    '/expense-request/direct-expense/add-expense',
    '/expense-request/direct-expense/add-expense?type=firm',
    `/expense-request/direct-expense/edit-expense/${ids.expenseId}`,
    '/expense-request/approvals',
    // A week with nothing in its hours: the scrolling grid itself takes the focus.
    '/calendar?view=week&date=2020-01-06',
    ...TOP_BAR_POPUPS.map((opens) => ({ path: '/dashboard', opens })),
    {
      path: `/matter/${ids.matterId}?activeTab=time`,
      opens: opening('Log a call', (page) => page.getByRole('button', { name: 'Log a call' }), dialogNamed('Log a call')),
    },
  ]);
});

test('every firm page of billing, trust, documents, reports, accounting and settings has no WCAG 2.2 AA violation', async ({
  browser,
}, testInfo) => {
  // With its modals opened and checked, about 2.5 minutes on the busy 2-core machine.
  test.setTimeout(240_000);
  await checkFirmPages(browser, testInfo, (ids) => [
    '/billing',
    '/billing?view=aged-receivables',
    '/billing/payment-reports',
    '/billing/online-payments',
    '/billing/flat-fees',
    '/billing/flat-fees/add-new-flat-fee',
    `/billing/flat-fees/edit/${ids.flatFeeId}`,
    '/billing/invoice/invoice-empty',
    '/billing/pre-bill-review',
    `/billing/pre-bill-review/${ids.draftInvoiceId}`,
    '/billing/bill-runs',
    `/billing/bill-runs/${ids.billRunId}`,
    `/billing/invoices/${ids.sentInvoiceId}`,
    `/billing/invoices/${ids.draftInvoiceId}/edit`,
    `/billing/invoices/${ids.paidInvoiceId}`,
    { path: `/billing/invoices/${ids.sentInvoiceId}`, phone: true },
    {
      path: `/billing/invoices/${ids.sentInvoiceId}`,
      opens: opening('Record payment', (page) => page.getByRole('button', { name: 'Record payment' }), dialogNamed(/Record payment/)),
    },
    {
      path: `/billing/pre-bill-review/${ids.draftInvoiceId}`,
      opens: opening('Move', (page) => page.getByRole('button', { name: 'Move' }).first(), dialogNamed('Move to another matter')),
    },
    {
      path: '/settings/invoice-reminders',
      opens: opening('Reminder preview', (page) => page.getByRole('button', { name: 'Preview' }).first(), dialogNamed('Reminder preview')),
    },
    ...SETTINGS.map((path) => `/settings${path}`),
    '/trust-account/accounts',
    ...TRUST_ACCOUNT_TABS.map((tab) => `/trust-account/${ids.trustAccountId}?activeTab=${tab}`),
    `/trust-account/record/${ids.movementId}`,
    '/documents',
    `/documents/folder/${ids.folderId}`,
    `/documents/document/${ids.documentId}`,
    '/documents/signature-requests',
    '/documents/search',
    '/documents/templates',
    '/documents/recycle-bin',
    '/reports',
    ...REPORTS.map((name) => `/reports/${name}`),
    ...ACCOUNTING.map((name) => `/accounting/${name}`),
  ]);
});

test('every page of the client portal has no WCAG 2.2 AA violation', async ({ browser }, testInfo) => {
  const context = await browser.newContext(CONTEXT);
  const page = await context.newPage();
  await page.goto('/portal/demo/login');
  await page.getByLabel('Email').fill(CLIENT);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal\/demo\/[0-9a-f-]{36}\?activeTab=overview$/);
  const home = new URL(page.url()).pathname;
  await page.close();
  const checker = new Checker(context);
  // The overview has the page's h1; each other tab, its panel.
  await checker.checkAll(
    PORTAL_TABS.map((tab) => ({
      path: `${home}?activeTab=${tab.value}`,
      shown: (page: Page) =>
        tab.value === 'overview' ? page.getByRole('heading', { level: 1 }) : page.getByRole('tabpanel', { name: tab.label }),
    })),
  );
  await context.close();
  await checker.report(testInfo);
});

test('every public page has no WCAG 2.2 AA violation', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  // The public links of a demo invoice (a new link: only a hash of the old one is kept) and of a new trust request.
  const firm = await signedInFirmContext(browser);
  const ids = await demoRecords(firm.page);
  const invoiceLink = await firmApi<{ url: string }>(firm.page, 'POST', `/admin/invoice/reissue-invoice-link/${ids.sentInvoiceId}`, {});
  const today = await firm.page.evaluate(() => new Date(Date.now() + 14 * 86_400_000).toLocaleDateString('en-CA'));
  const request = await firmApi<{ id: string }>(firm.page, 'POST', '/admin/trust-account/create-trust-request', {
    trustAccountId: ids.trustAccountId,
    clientId: ids.clientId,
    matterId: ids.matterId,
    amount: '1000.00',
    dueDate: today,
    note: 'Retainer for the accessibility check.',
  });
  const sentRequest = await firmApi<{ url: string }>(firm.page, 'POST', `/admin/trust-account/send-trust-request/${request.id}`, {});
  await firm.context.close();

  const context = await browser.newContext(CONTEXT);
  const checker = new Checker(context);
  await checker.checkAll([
    '/login',
    '/signup',
    '/forgot-password',
    '/forgot-password/reset/not-a-real-link',
    '/trust-browser',
    '/verification',
    '/confirm-email-change',
    '/undo-email-change',
    { path: '/join-team/not-a-real-invitation', expected: /status of 404 \(Not Found\)/ },
    new URL(invoiceLink.url).pathname,
    { path: new URL(invoiceLink.url).pathname, phone: true },
    new URL(sentRequest.url).pathname,
    '/portal/demo/login',
    '/portal/demo/signup',
    '/portal/demo/forgot-password',
    '/portal/demo/reset-password/not-a-real-link',
    '/intake/demo/property-purchase',
    '/no-such-page',
  ]);
  await context.close();
  await checker.report(testInfo);
});
