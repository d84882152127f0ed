import { type Page } from '@playwright/test';
import { expect, test, signInAsFirmUser } from './support.ts';

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function globalSearch(page: Page, text: string, section: string) {
  const search = page.getByPlaceholder('Search for matters, clients, documents, etc');
  await search.fill(text);
  await page.getByRole('option', { name: `${text} in ${section}` }).click();
}

test('a near-duplicate client shows the conflict, is confirmed and saved, then found, edited and deleted', async ({ page }) => {
  const suffix = Date.now().toString().slice(-6);
  await signInAsAdmin(page);
  await page.goto('/clients/add-new-client');
  await page.getByRole('radio', { name: 'Individual' }).check();
  // "Chinedu Okonkwo" is a client of the demo firm: a misspelt, reordered name must be caught.
  await page.getByLabel('First name').fill('Okonkwoo');
  await page.getByLabel('Last name').fill(`Chinedu${suffix}`);
  await page.getByLabel('Email', { exact: true }).fill(`okonkwoo.${suffix}@example.com`);
  await page.getByRole('button', { name: 'Save client' }).click();

  const dialog = page.getByRole('dialog', { name: 'Conflict check' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Conflict matches' })).toContainText('Chinedu Okonkwo');
  await dialog.getByLabel('Decision notes').fill('Different person: checked date of birth with the client.');
  await dialog.getByRole('button', { name: 'Proceed despite conflict' }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Okonkwoo Chinedu${suffix}` })).toBeVisible();

  await globalSearch(page, `chinedu${suffix}`, 'Clients');
  await expect(page).toHaveURL(new RegExp(`/clients/list\\?search=chinedu${suffix}$`));
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.getByRole('link', { name: `Okonkwoo Chinedu${suffix}` })).toBeVisible();

  await table.getByRole('link', { name: `Okonkwoo Chinedu${suffix}` }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Phone', { exact: true }).fill('+234 803 000 1111');
  await page.getByRole('button', { name: 'Save client' }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByText('+234 803 000 1111')).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: 'Delete client' }).click();
  await expect(page).toHaveURL(/\/clients\/list/);
  await page.goto(`/clients/list?search=chinedu${suffix}`);
  await expect(page.getByRole('table', { name: 'Clients' }).getByRole('link', { name: `Okonkwoo Chinedu${suffix}` })).toHaveCount(0);
});

test('a matter with two fee earners and their rates is created, found, edited and deleted', async ({ page }) => {
  const matterName = `Boundary dispute ${Date.now().toString().slice(-6)}`;
  await signInAsAdmin(page);
  await page.goto('/matter/add-new-matter');

  await page.getByRole('combobox', { name: 'Client' }).click();
  await page.locator('input[placeholder="Search"]:visible').fill('Lagoon');
  await page.getByRole('option', { name: 'Lagoon Shipping Ltd' }).click();
  await page.getByLabel('Matter name').fill(matterName);
  await page.getByRole('combobox', { name: 'Billing type' }).click();
  await page.getByRole('option', { name: 'Hourly', exact: true }).click();

  await page.getByRole('button', { name: 'Add fee earner' }).click();
  await page.getByRole('combobox', { name: 'Fee earner' }).nth(0).click();
  await page.getByRole('option', { name: 'Ada Okafor' }).click();
  await page.getByRole('textbox', { name: 'Hourly rate', exact: true }).nth(0).fill('90000');
  await page.getByRole('button', { name: 'Add fee earner' }).click();
  await page.getByRole('combobox', { name: 'Fee earner' }).nth(1).click();
  await page.getByRole('option', { name: 'Tunde Bakare' }).click();
  await page.getByRole('textbox', { name: 'Hourly rate', exact: true }).nth(1).fill('55000.50');

  await page.getByRole('button', { name: 'Save matter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conflict check' });
  if (await dialog.isVisible().catch(() => false)) await dialog.getByRole('button', { name: 'No conflict — save matter' }).click();
  await expect(page).toHaveURL(/\/matter\/[0-9a-f-]{36}/);
  const assignees = page.getByRole('table', { name: 'Assigned fee earners' });
  await expect(assignees).toContainText('Ada Okafor');
  await expect(assignees).toContainText('90,000.00');
  await expect(assignees).toContainText('Tunde Bakare');
  await expect(assignees).toContainText('55,000.50');

  await globalSearch(page, matterName, 'Matters');
  await expect(page).toHaveURL(/\/matter\/matter-list\?search=/);
  const list = page.getByRole('table', { name: 'Matters' });
  await expect(list.getByRole('link', { name: matterName })).toBeVisible();

  await list.getByRole('link', { name: matterName }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Shelf location').fill('Strongroom 2');
  await page.getByRole('button', { name: 'Save matter' }).click();
  await expect(page.getByText('Strongroom 2')).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Matter?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/matter\/matter-list/);
  await page.goto(`/matter/matter-list?search=${encodeURIComponent(matterName)}`);
  await expect(page.getByRole('table', { name: 'Matters' }).getByRole('link', { name: matterName })).toHaveCount(0);
});
