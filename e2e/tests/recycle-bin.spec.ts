import { type Page } from '@playwright/test';
import { expect, firmApi, signInAsFirmUser, test, toastShownAndGone } from './support.ts';

const CLIENT = 'Kestrel Software Ltd';

/** A fresh hourly matter of a demo client, with no time, invoices or trust money: it can be deleted. */
async function createMatterThroughApi(page: Page, matterName: string): Promise<string> {
  const clients = await firmApi<{ companies: { companyId: string; companyName: string }[] }>(
    page,
    'GET',
    '/admin/client-info/get-associated-client-users',
  );
  const clientId = clients.companies.find((company) => company.companyName === CLIENT)!.companyId;
  // A new matter's name is conflict-checked first, as the matter form does.
  const check = await firmApi<{ conflictCheckId: string }>(page, 'POST', '/admin/conflict-check/run-conflict-check', {
    names: [matterName],
    context: 'matter',
  });
  await firmApi(page, 'POST', `/admin/conflict-check/record-decision/${check.conflictCheckId}`, { decision: 'no_conflict' });
  const matter = await firmApi<{ id: string }>(page, 'POST', '/admin/matter-master/create-matter', {
    clientId,
    matterName,
    matterRate: 'Hourly',
    conflictCheckId: check.conflictCheckId,
  });
  return matter.id;
}

test('a matter deleted from its page is found in Settings › Recycle bin, restored, and is back', async ({ page }) => {
  const matterName = `Recycle bin journey ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  const matterId = await createMatterThroughApi(page, matterName);

  await page.goto(`/matter/${matterId}`);
  await expect(page.getByRole('heading', { level: 1, name: matterName })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Matter?' });
  await expect(confirm).toContainText('They can be restored from Settings › Recycle bin until it is emptied.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/matter\/matter-list/);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings navigation' }).getByRole('link', { name: 'Recycle bin' }).click();
  await expect(page).toHaveURL(/\/settings\/recycle-bin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recycle bin' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search deleted items' }).fill(matterName);
  await expect(page).toHaveURL(/\/settings\/recycle-bin\?search=/);
  const row = page.getByRole('table', { name: 'Deleted items' }).getByRole('row').filter({ hasText: matterName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Matter');
  await expect(row).toContainText(CLIENT);
  await expect(row).toContainText(/\d+ days|Today/);

  await row.getByRole('button', { name: `Restore: ${matterName}` }).click();
  await toastShownAndGone(page, 'Restored');
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No deleted item matches these filters.')).toBeVisible();

  await page.goto(`/matter/${matterId}`);
  await expect(page.getByRole('heading', { level: 1, name: matterName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Matter not found' })).toHaveCount(0);
});
