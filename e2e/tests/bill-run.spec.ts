import { expect, signInAsFirmUser, test } from './support.ts';

// Seeded demo firm (apps/api/src/seed/demo-bill-runs.ts): a finished bill run with two drafts and a
// matter skipped below the minimum. The journey previews a run over the whole firm but starts none:
// a run would draft the demo's unbilled work that other journeys offer in the invoice builder.
const ADMIN = 'admin@demo.law';

test('an administrator previews a bill run, then opens the firm’s finished run and its drafted invoice', async ({ page }) => {
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/billing');
  const billingNav = page.getByRole('navigation', { name: 'Billing navigation' });
  await billingNav.getByRole('link', { name: 'Bill Runs' }).click();
  await expect(page.getByRole('heading', { name: 'Bill runs', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText(/\d+ invoices for \d+ clients/)).toBeVisible();

  const runLink = page.getByRole('link', { name: /^Run of / }).first();
  const runPath = await runLink.getAttribute('href');
  expect(runPath).toMatch(/^\/billing\/bill-runs\/[0-9a-f-]{36}$/);
  await runLink.click();
  await expect(page.getByRole('heading', { name: /^Bill run of/, level: 1 })).toBeVisible();
  await expect(page.getByText('3 of 3 done · 2 drafted · 1 skipped')).toBeVisible();
  await expect(page.getByText('Unbilled work below the minimum')).toBeVisible();
  await page
    .getByRole('link', { name: /^Draft invoice/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/billing\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // On a phone, the filters, the past runs and a run's results fit the screen's width.
  await page.goto('/billing/bill-runs');
  await expect(page.getByRole('heading', { name: 'Bill runs', level: 1 })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/billing/bill-runs', runPath!]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/drafted/).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
