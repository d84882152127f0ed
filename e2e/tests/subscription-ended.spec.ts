import { readFile } from 'node:fs/promises';
import { expect, signInAsFirmUser, test } from './support.ts';

const ENDED = 'Your subscription has ended. Choose a plan to continue.';

// The second demo firm's trial ended with three members, more than the free plan takes: the clock made
// it read-only. Its people still sign in, read and export; every save waits for a plan.
test('a firm whose plan has ended reads and exports its records, and saves nothing until it chooses a plan', async ({ page }) => {
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@ended.demo.law');
  const banner = page.getByRole('alert', { name: 'Plan status' });
  await expect(banner).toContainText('Subscription Expired');
  await expect(banner).toContainText(ENDED);

  // Reading: its clients are all there.
  await page.goto('/clients/list');
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();

  // Exporting: a report's CSV downloads.
  await page.goto('/reports/work-in-progress');
  await expect(page.getByRole('heading', { name: 'Work in progress', level: 1 })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(await readFile((await download.path())!, 'utf8')).toContain('Formula');

  // Writing: the form opens, and its save button is disabled with the server's words.
  await page.goto('/clients/add-new-client');
  const save = page.getByRole('button', { name: 'Save client' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription(ENDED);

  // Choosing a plan is still open.
  await banner.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page.getByRole('heading', { name: 'Plans & Subscriptions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Standard' })).toBeEnabled();
});
