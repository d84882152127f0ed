import { type Page } from '@playwright/test';
import { expect, firmApi, signInAsFirmUser, test } from './support.ts';

// Issue 44: a bill run from start to sent. The journey bills a client of its own (made through the
// API), filtered to that client alone, so the run never drafts the demo's unbilled work that other
// journeys offer in the invoice builder. Ada Okafor, the administrator, is the matters' fee earner
// and approves invoices.
const ADMIN = 'admin@demo.law';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** The matters' rate for the administrator: 3 entries of 2 h bill 300,000, one of 0.1 h bills 5,000. */
const HOURLY_RATE = '50000';
/** The run's minimum: the small matter's work stays below it and is skipped. */
const MINIMUM = '10000';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
type ListOf<T> = T[] | { data: T[] };
const itemsOf = <T>(list: ListOf<T>) => (Array.isArray(list) ? list : list.data);

/** A conflict check on `name`, cleared: a new client's or matter's save records it. */
async function clearedCheck(page: Page, name: string, context: 'client' | 'matter') {
  const check = await firmApi<{ conflictCheckId: string }>(page, 'POST', '/admin/conflict-check/run-conflict-check', {
    names: [name],
    context,
  });
  await firmApi(page, 'POST', `/admin/conflict-check/record-decision/${check.conflictCheckId}`, { decision: 'no_conflict' });
  return check.conflictCheckId;
}

/**
 * A new company client (with an email, so its invoice can be emailed) and two hourly matters, the
 * administrator assigned to both: three time entries today on the first, one short one on the second.
 * Its name sorts after the demo's companies: journeys that take the first company keep the demo's.
 */
async function clientWithUnbilledWork(page: Page) {
  const suffix = stamp();
  const client = `Zenith Freight ${suffix} Ltd`;
  const { id: clientId } = await firmApi<{ id: string }>(page, 'POST', '/admin/client-info/create-client', {
    clientType: 'company',
    companyName: client,
    email: `accounts.${suffix}@e2e.example`,
    conflictCheckId: await clearedCheck(page, client, 'client'),
  });
  const [profile] = await firmApi<{ id: string }[]>(page, 'GET', '/users/get-user-profile');
  const matterOf = async (matterName: string) =>
    (
      await firmApi<{ id: string }>(page, 'POST', '/admin/matter-master/create-matter', {
        clientId,
        matterName,
        matterRate: 'Hourly',
        conflictCheckId: await clearedCheck(page, matterName, 'matter'),
        assignees: [{ userId: profile!.id, hourlyRate: HOURLY_RATE }],
      })
    ).id;
  const billed = { name: `Warehouse lease ${suffix}`, id: '' };
  const small = { name: `Carrier claim ${suffix}`, id: '' };
  billed.id = await matterOf(billed.name);
  small.id = await matterOf(small.name);
  const activities = await firmApi<ListOf<{ id: string }>>(page, 'GET', '/admin/activity/get-activity-type');
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const record = (matterId: string, description: string, duration: string) =>
    firmApi(page, 'POST', '/admin/time-entry', {
      clientId,
      matterId,
      activityId: itemsOf(activities)[0]!.id,
      isBillable: 4,
      timeEntryUserId: profile!.id,
      description,
      timeEntryDate: today,
      duration,
      exchangeRate: '1',
      ManualTimeEntry: true,
    });
  const narratives = [
    `Drafted the reply to the defence ${suffix}`,
    `Reviewed the expert report ${suffix}`,
    `Prepared the witness bundle ${suffix}`,
  ];
  for (const description of narratives) await record(billed.id, description, '2');
  await record(small.id, `Called the carrier ${suffix}`, '0.1');
  return { client, billed, small, narratives };
}

test('a bill run over a client drafts its invoice; the draft is reviewed — a line written down, another held — then approved and emailed in a batch', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const work = await clientWithUnbilledWork(page);

  // From Billing's menu to the bill runs: the client alone, at least the minimum, previewed then started.
  await page.goto('/billing');
  const billingNav = page.getByRole('navigation', { name: 'Billing navigation' });
  await billingNav.getByRole('link', { name: 'Bill Runs' }).click();
  await expect(page.getByRole('heading', { name: 'Bill runs', level: 1 })).toBeVisible();
  const clients = page.getByRole('combobox', { name: 'Clients', exact: true });
  await clients.click();
  await clients.fill(work.client);
  await page.getByRole('option', { name: work.client }).click();
  await page.getByRole('textbox', { name: 'Unbilled work at least' }).fill(MINIMUM);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('2 invoices for 1 client (2 matters)')).toBeVisible();
  await page.getByRole('button', { name: 'Start bill run' }).click();

  // The run's page follows its progress to the end: one matter drafted, the other below the minimum.
  await expect(page).toHaveURL(/\/billing\/bill-runs\/[0-9a-f-]{36}$/);
  const runPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: /^Bill run of/, level: 1 })).toBeVisible();
  await expect(page.getByText('2 of 2 done · 1 drafted · 1 skipped')).toBeVisible();
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();
  const skipped = page.getByRole('listitem', { name: `${work.client}: ${work.small.name}` });
  await expect(skipped.getByText('Unbilled work below the minimum')).toBeVisible();
  const drafted = page.getByRole('listitem', { name: `${work.client}: ${work.billed.name}` });
  const draftLink = drafted.getByRole('link', { name: /^Draft invoice/ });
  const invoicePath = await draftLink.getAttribute('href');
  expect(invoicePath).toMatch(/^\/billing\/invoices\/[0-9a-f-]{36}$/);
  const invoiceId = invoicePath!.split('/').at(-1)!;

  // Pre-bill review lists the run's draft among the administrator's; she opens it.
  await billingNav.getByRole('link', { name: 'Pre-bill Review' }).click();
  await expect(page.getByRole('heading', { name: 'Pre-bill review', level: 1 })).toBeVisible();
  await expect(billingNav.getByRole('link', { name: 'Pre-bill Review' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: work.client }).click();
  await expect(page).toHaveURL(new RegExp(`/billing/pre-bill-review/${invoiceId}$`));
  await expect(page.getByRole('heading', { name: `Review draft: ${work.client}` })).toBeVisible();

  // Write the first line down by 10%, with its reason.
  const first = page.getByRole('listitem', { name: `Line: ${work.narratives[0]}` });
  await first.getByRole('button', { name: 'Write down/up' }).click();
  const adjust = page.getByRole('dialog', { name: 'Write down or up' });
  await adjust.getByRole('textbox', { name: /Percentage/ }).fill('10');
  await adjust.getByRole('textbox', { name: /Reason/ }).fill('Partly duplicated research');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(adjust).toBeHidden();
  await expect(first.getByText('Written down: Partly duplicated research')).toBeVisible();

  // Hold the second for a later bill: it leaves the draft and is listed as held.
  const second = page.getByRole('listitem', { name: `Line: ${work.narratives[1]}` });
  await second.getByRole('button', { name: 'Hold' }).click();
  const hold = page.getByRole('dialog', { name: 'Hold for the next bill' });
  await hold.getByRole('textbox', { name: /Reason/ }).fill('Waiting for the client’s comments on the report');
  await hold.getByRole('button', { name: 'Hold line' }).click();
  await expect(second).toBeHidden();
  await expect(page.getByRole('listitem', { name: /^Line: / })).toHaveCount(2);

  // Back on the list: choose the draft, approve and send it in a batch.
  await page.getByRole('link', { name: 'Back to pre-bill review' }).click();
  await page
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href$="/billing/pre-bill-review/${invoiceId}"]`) })
    .getByRole('checkbox')
    .check();
  await expect(page.getByText('Waiting for the client’s comments on the report').first()).toBeVisible();
  await page.getByRole('button', { name: /^Approve and send \(\d+\)$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve and send' });
  await confirm.getByRole('button', { name: 'Approve and send' }).click();
  await expect(page.getByRole('status').getByText(/Approve and send: 1 of 1 sent/)).toBeVisible();
  await expect(page.getByText(/Approved and emailed to/)).toBeVisible();

  const sent = await firmApi<{ status: string; invoiceNumber: string }>(page, 'GET', `/admin/invoice/get-invoice/${invoiceId}`);
  expect(sent.status).toBe('Sent');

  // On a phone, the bill runs, the run (its result now the sent invoice's number), the review list
  // and the reviewed invoice fit the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, shown] of [
    ['/billing/bill-runs', page.getByText(/drafted/).first()],
    [runPath, drafted.getByRole('link', { name: new RegExp(`^${escape(sent.invoiceNumber)} · `) })],
    ['/billing/pre-bill-review', page.getByText(/lines/).first()],
    [`/billing/pre-bill-review/${invoiceId}`, page.getByText(/lines/).first()],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shown).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
