import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, firmApi, signInAsFirmUser, test } from './support.ts';

// Issue 40, "Pages fit the screen": on a 1440 × 900 and a 1280 × 800 screen no list scrolls
// sideways, and each list's key columns (the record's name or number, its money, its status and
// its actions) are in view. At 1440 the time entries show every column; at 1280 the less important
// columns of the widest lists fold into each row. The demo firm's data, one task added for the task list.
const ADMIN = 'admin@demo.law';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const;
const EVERY_TIME_ENTRY_COLUMN = [
  'Date',
  'Client',
  'Matter',
  'Activity',
  'Description',
  'Fee earner',
  'Hours',
  'Billable',
  'Rate',
  'Amount',
  'Status',
  'Actions',
];

type ListOf<T> = T[] | { data: T[] };
const itemsOf = <T>(list: ListOf<T>) => (Array.isArray(list) ? list : list.data);

/** A list page, the table (by its accessible name) and the headers of its key columns. */
type List = { path: string; table: string; keyColumns: readonly string[]; everyColumnAt1440?: readonly string[] };

/**
 * The width of a table against the frame it would scroll in (the nearest ancestor that does not let
 * it overflow), and the narrowest the table can be: the frame's width less that is the room to spare.
 */
type Fit = {
  list: string;
  screen: number;
  tableWidth: number;
  minContentWidth: number;
  frameWidth: number;
  frameOverflow: number;
  frameRight: number;
};

async function fitOf(table: Locator, list: string, screen: number): Promise<Fit> {
  const measured = await table.evaluate((element) => {
    let frame = element.parentElement!;
    while (frame.parentElement && getComputedStyle(frame).overflowX === 'visible') frame = frame.parentElement;
    const fit = {
      tableWidth: element.scrollWidth,
      frameWidth: frame.clientWidth,
      frameOverflow: frame.scrollWidth - frame.clientWidth,
      frameRight: frame.getBoundingClientRect().left + frame.clientLeft + frame.clientWidth,
    };
    const width = element.style.width;
    element.style.width = 'min-content';
    const minContentWidth = Math.ceil(element.getBoundingClientRect().width);
    element.style.width = width;
    return { ...fit, minContentWidth };
  });
  return { list, screen, ...measured };
}

/** A column's header by the text it starts with (a header holding folded columns' sort buttons names them after its own). */
const header = (table: Locator, name: string) =>
  table.getByRole('columnheader', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`) });

/** The demo firm's records behind the lists that live under an id, and one task of the admin's own. */
async function listsOf(page: Page): Promise<List[]> {
  const [profile] = await firmApi<{ id: string }[]>(page, 'GET', '/users/get-user-profile');
  const clients = await firmApi<{ companies: { companyId: string }[] }>(page, 'GET', '/admin/client-info/get-associated-client-users');
  const [matter] = itemsOf(
    await firmApi<ListOf<{ id: string }>>(
      page,
      'GET',
      `/admin/matter-master/get-matter-name-using-client?ClientId=${clients.companies[0]!.companyId}`,
    ),
  );
  const [trustAccount] = await firmApi<{ id: string }[]>(page, 'GET', '/admin/trust-account/get-trust-accounts');
  const topLevel = await firmApi<{ subfolders: { id: string; name: string }[] }>(page, 'GET', '/admin/document/get-folder');
  const precedents = topLevel.subfolders.find((folder) => folder.name === 'Precedents')!;
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await firmApi(page, 'POST', '/admin/tasks/create-task', {
    title: `Prepare the witness bundle and the list of authorities ${Date.now().toString(36)}`,
    description: 'Paginate, index and serve on the other side before the pre-trial conference.',
    matterId: matter!.id,
    assigneeIds: [profile!.id],
    dueDate: today,
    priority: 'High',
  });
  return [
    {
      path: '/time-entries',
      table: 'Time entries',
      keyColumns: ['Matter', 'Amount', 'Status', 'Actions'],
      everyColumnAt1440: EVERY_TIME_ENTRY_COLUMN,
    },
    { path: '/clients/list', table: 'Clients', keyColumns: ['Name', 'Status'] },
    { path: '/matter/matter-list', table: 'Matters', keyColumns: ['Number', 'Matter', 'Status'] },
    {
      path: '/expense-request/direct-expense?activeTab=client',
      table: 'Expenses',
      keyColumns: ['Description', 'Amount', 'Status', 'Actions'],
    },
    { path: '/expense-request/approvals', table: 'Client expense requests', keyColumns: ['Description', 'Amount', 'Actions'] },
    { path: '/billing/flat-fees', table: 'Flat fees', keyColumns: ['Matter', 'Description', 'Amount', 'Status', 'Actions'] },
    { path: '/billing', table: 'Invoices', keyColumns: ['Number', 'Status', 'Total', 'Balance due'] },
    { path: `/trust-account/${trustAccount!.id}?activeTab=movements`, table: 'Movements', keyColumns: ['Number', 'Amount'] },
    { path: `/trust-account/${trustAccount!.id}?activeTab=requests`, table: 'Trust requests', keyColumns: ['Request', 'Amount', 'Status'] },
    { path: `/documents/folder/${precedents.id}`, table: 'Documents', keyColumns: ['Name', 'Status', 'Actions'] },
    { path: '/progress-update?activeTab=progress-notes', table: 'Progress notes', keyColumns: ['Title', 'Shared', 'Actions'] },
    {
      path: '/progress-update?activeTab=court-update',
      table: 'Court updates',
      keyColumns: ['Suit number', 'Next adjourned date', 'Actions'],
    },
    { path: '/tasks', table: 'Tasks', keyColumns: ['Title', 'Status', 'Actions'] },
    { path: '/reports/invoice-register', table: 'Invoice register', keyColumns: ['Client', 'Total', 'Balance'] },
  ];
}

test('every list fits a 1440 × 900 and a 1280 × 800 screen: no sideways scrolling, its key columns in view', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(SIZES[0]);
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const lists = await listsOf(page);
  const fits: Fit[] = [];

  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const list of lists) {
      const where = `${list.table} (${list.path}) at ${size.width} px`;
      await page.goto(list.path);
      const table = page.getByRole('table', { name: list.table, exact: true });
      // Measured once its rows have come: a row past the header's.
      await expect(table.getByRole('row').nth(1), `${where}: rows`).toBeVisible();
      const fit = await fitOf(table, list.table, size.width);
      fits.push(fit);
      expect
        .soft(fit.tableWidth, `${where}: the table's width within its frame's ${fit.frameWidth} px`)
        .toBeLessThanOrEqual(fit.frameWidth);
      expect.soft(fit.frameOverflow, `${where}: nothing to scroll sideways`).toBeLessThanOrEqual(0);
      const columns = size.width === 1440 && list.everyColumnAt1440 ? list.everyColumnAt1440 : list.keyColumns;
      for (const column of columns) {
        const cell = header(table, column);
        await expect.soft(cell, `${where}: the ${column} column is shown`).toBeVisible();
        const box = await cell.boundingBox();
        const right = box ? box.x + box.width : Number.POSITIVE_INFINITY;
        expect
          .soft(right, `${where}: the ${column} column ends inside the frame (${fit.frameRight} px)`)
          .toBeLessThanOrEqual(fit.frameRight + 0.5);
        expect.soft(right, `${where}: the ${column} column ends on screen`).toBeLessThanOrEqual(size.width);
      }
    }
  }
  // The widths measured, for whoever next tunes a list's columns.
  await writeFile(test.info().outputPath('list-widths.json'), JSON.stringify(fits, null, 2));
});

// Issue 43, "Steady on screen": what comes late (the plan banner, a list's rows, the dashboard's
// figures and charts, the portal's cards) takes a place kept for it or comes where it pushes nothing,
// so nothing moves under the reader's finger: the layout shifts of a visit add up to 0.1 at most
// (Cumulative Layout Shift), on a 1440 × 900 screen and a 390 × 844 phone.
const STEADY_SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const MOST_LAYOUT_SHIFT = 0.1;
const LAYOUT_SHIFTS = '__journeyLayoutShifts';

type Shift = { value: number; moved: string[] };

/** A page's requests count as ended once none has been in flight for this long (the data drawn, the chart code in). */
const QUIET_MS = 250;

/**
 * Each document keeps its layout shifts that no input caused, with what each moved (for the failure's
 * message); answers the shifts of the page once its content is in and its requests have ended, a
 * frame after the last is drawn.
 */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript((key) => {
    const shifts: Shift[] = [];
    (window as unknown as Record<string, Shift[]>)[key] = shifts;
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            moved: entry.sources.map(
              (source) =>
                `"${(source.node?.textContent ?? '').trim().slice(0, 40)}" ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)}`,
            ),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  }, LAYOUT_SHIFTS);
  let inFlight = 0;
  let lastEnded = Date.now();
  const ended = () => {
    inFlight -= 1;
    lastEnded = Date.now();
  };
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async function settledShifts(content: Locator): Promise<Shift[]> {
    await expect(content).toBeVisible();
    await expect.poll(() => inFlight <= 0 && Date.now() - lastEnded >= QUIET_MS, { intervals: [50] }).toBe(true);
    return page.evaluate(
      (key) =>
        new Promise<Shift[]>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as Record<string, Shift[]>)[key] ?? []))),
        ),
      LAYOUT_SHIFTS,
    );
  };
}

function expectSteady(shifts: Shift[], where: string) {
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  const moves = shifts.map((shift) => `${shift.value.toFixed(3)}: ${shift.moved.join(' | ')}`).join('\n');
  expect.soft(total, `${where}: layout shifts add up to ${total.toFixed(3)}\n${moves}`).toBeLessThanOrEqual(MOST_LAYOUT_SHIFT);
}

test('nothing moves under the reader while a list, the dashboard, the calendar, the team or the portal loads, on a desktop and a phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const settledShifts = await watchLayoutShifts(page);
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  /** A list's first record: a row of its table, or on a phone the first of its cards where it has them. */
  const firstRecord = (list: string) =>
    page
      .getByRole('table', { name: list, exact: true })
      .getByRole('row')
      .nth(1)
      .or(page.getByRole('list', { name: list, exact: true }).getByRole('listitem').first());
  const firmPages: { path: string; content: Locator }[] = [
    // The figures are the dashboard's slowest answer: its section is busy until they are in.
    { path: '/dashboard', content: page.locator('section[aria-labelledby="firm-figures"]:not([aria-busy])') },
    { path: '/clients/list', content: firstRecord('Clients') },
    { path: '/matter/matter-list', content: firstRecord('Matters') },
    { path: '/time-entries', content: firstRecord('Time entries') },
    { path: '/billing', content: firstRecord('Invoices') },
    { path: '/expense-request/direct-expense?activeTab=client', content: firstRecord('Expenses') },
    { path: '/progress-update?activeTab=progress-notes', content: firstRecord('Progress notes') },
    // Pages whose sections come from answers of their own, one under another.
    { path: '/calendar', content: page.getByRole('heading', { name: 'Subscribe in your calendar app' }) },
    { path: '/settings/team', content: page.getByRole('heading', { name: 'Pending invitations' }) },
  ];
  for (const size of STEADY_SIZES) {
    await page.setViewportSize(size);
    for (const { path, content } of firmPages) {
      await page.goto(path);
      expectSteady(await settledShifts(content), `${path} at ${size.width} px`);
    }
  }

  // The client's portal overview, in a session of its own.
  const client = await browser.newContext({ viewport: STEADY_SIZES[0] });
  const portal = await client.newPage();
  const settledPortalShifts = await watchLayoutShifts(portal);
  await portal.goto('/portal/demo/login');
  await portal.getByLabel('Email').fill('client@demo.law');
  await portal.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await portal.getByRole('button', { name: 'Sign in' }).click();
  await expect(portal).toHaveURL(/\/portal\/demo\/[0-9a-f-]{36}\?activeTab=overview$/);
  const overview = portal.url();
  // The overview, and the tabs whose sections come from answers of their own: the matter's history
  // above the calendar card, the invoices above the statement.
  const portalTabs = [
    { tab: 'overview', content: portal.getByRole('heading', { name: 'Your matters' }) },
    { tab: 'matters', content: portal.getByRole('heading', { name: 'Your court dates in your calendar' }) },
    { tab: 'invoices', content: portal.getByRole('heading', { name: 'Statement of account' }) },
  ];
  for (const size of STEADY_SIZES) {
    await portal.setViewportSize(size);
    for (const { tab, content } of portalTabs) {
      await portal.goto(overview.replace('activeTab=overview', `activeTab=${tab}`));
      expectSteady(await settledPortalShifts(content), `the portal's ${tab} tab at ${size.width} px`);
    }
  }
  await client.close();
});
