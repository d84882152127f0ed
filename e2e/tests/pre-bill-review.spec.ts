import { type Page } from '@playwright/test';
import { expect, firmApi, signInAsFirmUser, test } from './support.ts';

// Seeded demo firm (apps/api/src/seed/demo-seed.ts): Ada Okafor, the administrator, is a fee earner on
// every matter and approves invoices. The journey drafts an invoice of its own time, so it never
// depends on what the demo or another journey left unbilled.
const ADMIN = 'admin@demo.law';
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
type ListOf<T> = T[] | { data: T[] };
const itemsOf = <T>(list: ListOf<T>) => (Array.isArray(list) ? list : list.data);

/** A draft of three time entries on an open hourly matter of a company client (who has an email). */
async function draftOfOwnTime(page: Page) {
  const clients = await firmApi<{ companies: { companyId: string; companyName: string }[] }>(
    page,
    'GET',
    '/admin/client-info/get-associated-client-users',
  );
  for (const company of clients.companies) {
    const matters = await firmApi<ListOf<{ id: string; matterRate: string; status: string }>>(
      page,
      'GET',
      `/admin/matter-master/get-matter-name-using-client?ClientId=${company.companyId}`,
    );
    const hourly = itemsOf(matters).find((matter) => matter.matterRate === 'Hourly' && matter.status === 'Open');
    if (!hourly) continue;
    const [profile] = await firmApi<{ id: string }[]>(page, 'GET', '/users/get-user-profile');
    const activities = await firmApi<ListOf<{ id: string }>>(page, 'GET', '/admin/activity/get-activity-type');
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    const narratives = [
      unique('Drafted the reply to the defence'),
      unique('Reviewed the expert report'),
      unique('Prepared the witness bundle'),
    ];
    const ids: string[] = [];
    for (const description of narratives) {
      const entry = await firmApi<{ id: string }>(page, 'POST', '/admin/time-entry', {
        clientId: company.companyId,
        matterId: hourly.id,
        activityId: itemsOf(activities)[0]!.id,
        isBillable: 4,
        timeEntryUserId: profile!.id,
        description,
        timeEntryDate: today,
        duration: '2',
        exchangeRate: '1',
        ManualTimeEntry: true,
      });
      ids.push(entry.id);
    }
    const draft = await firmApi<{ id: string }>(page, 'POST', '/admin/invoice/create-invoice', {
      clientId: company.companyId,
      matterIds: [hourly.id],
      timeEntryIds: ids,
      expenseIds: [],
      flatFeeIds: [],
    });
    return { id: draft.id, client: company.companyName, narratives };
  }
  throw new Error('No demo company has an open hourly matter');
}

test('a draft reviewed — a line written down, another held — then approved and emailed in a batch', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const draft = await draftOfOwnTime(page);

  // From Billing's menu to the review list, then the draft.
  await page.goto('/billing');
  const billingNav = page.getByRole('navigation', { name: 'Billing navigation' });
  await billingNav.getByRole('link', { name: 'Pre-bill Review' }).click();
  await expect(page.getByRole('heading', { name: 'Pre-bill review', level: 1 })).toBeVisible();
  await expect(billingNav.getByRole('link', { name: 'Pre-bill Review' })).toHaveAttribute('aria-current', 'page');
  // The administrator is a fee earner on every matter: the draft is among hers.
  await page.getByRole('link', { name: draft.client }).first().hover();
  await page.goto(`/billing/pre-bill-review/${draft.id}`);
  await expect(page.getByRole('heading', { name: `Review draft: ${draft.client}` })).toBeVisible();

  // Write the first line down by 10%, with its reason.
  const first = page.getByRole('listitem', { name: `Line: ${draft.narratives[0]}` });
  await first.getByRole('button', { name: 'Write down/up' }).click();
  const adjust = page.getByRole('dialog', { name: 'Write down or up' });
  await adjust.getByRole('textbox', { name: /Percentage/ }).fill('10');
  await adjust.getByRole('textbox', { name: /Reason/ }).fill('Partly duplicated research');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(adjust).toBeHidden();
  await expect(first.getByText('Written down: Partly duplicated research')).toBeVisible();

  // Hold the second for a later bill: it leaves the draft and is listed as held.
  const second = page.getByRole('listitem', { name: `Line: ${draft.narratives[1]}` });
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
    .filter({ has: page.locator(`a[href$="/billing/pre-bill-review/${draft.id}"]`) })
    .getByRole('checkbox')
    .check();
  await expect(page.getByText('Waiting for the client’s comments on the report').first()).toBeVisible();
  await page.getByRole('button', { name: /^Approve and send \(\d+\)$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve and send' });
  await confirm.getByRole('button', { name: 'Approve and send' }).click();
  await expect(page.getByRole('status').getByText(/Approve and send: 1 of 1 sent/)).toBeVisible();
  await expect(page.getByText(/Approved and emailed to/)).toBeVisible();

  const sent = await firmApi<{ status: string; totals: { total: string } }>(page, 'GET', `/admin/invoice/get-invoice/${draft.id}`);
  expect(sent.status).toBe('Sent');

  // On a phone, the list and a draft fit the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/billing/pre-bill-review', `/billing/pre-bill-review/${draft.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/lines/).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
