import type { Page } from '@playwright/test';
import { expect, signInAsFirmUser, test, choose } from './support.ts';

// Issue 13: the time-entry popup never loses work, keeps Save in view, and bills in other currencies in the demo.
const ADMIN = 'admin@demo.law';
const HOURLY = { client: 'Kestrel Software Ltd', matter: 'Employment tribunal – wrongful dismissal' };

async function openNewTimeEntry(page: Page) {
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('menuitem', { name: 'Time Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Time Entry' });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
]) {
  test(`Save is in view without scrolling at ${viewport.width}×${viewport.height}, and the popup opens on Duration`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const dialog = await openNewTimeEntry(page);
    await expect(dialog.getByRole('textbox', { name: 'Duration' })).toBeFocused();
    await choose(page, dialog, 'Client', 'Kestrel', HOURLY.client);
    await choose(page, dialog, 'Matter', 'Employment', new RegExp(HOURLY.matter));
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeInViewport({ ratio: 1 });
  });
}

test('Escape closes only an open date picker or dropdown; closing over changes asks first', async ({ page }) => {
  const dialog = await openNewTimeEntry(page);
  const duration = dialog.getByRole('textbox', { name: 'Duration' });
  await duration.fill('1.25');

  const date = dialog.getByRole('combobox', { name: 'Date' });
  await date.click();
  await expect(date).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(date).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toHaveCount(0);

  await dialog.getByRole('combobox', { name: 'Client', exact: true }).click();
  await expect(page.getByRole('option', { name: HOURLY.client })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option', { name: HOURLY.client })).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(duration).toHaveValue('1.25');

  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toHaveCount(0);
  await expect(duration).toHaveValue('1.25');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the Billable tooltip shows on its label; a 7-second duration shows what is billed; USD finds the demo rate', async ({ page }) => {
  const dialog = await openNewTimeEntry(page);
  await dialog.getByRole('textbox', { name: 'Duration' }).fill('0.0019');
  await expect(dialog.getByText('0.0019 h recorded → 0.1 h billed')).toBeVisible();
  await choose(page, dialog, 'Client', 'Kestrel', HOURLY.client);
  await choose(page, dialog, 'Matter', 'Employment', new RegExp(HOURLY.matter));

  await dialog.getByText('Billable', { exact: true }).hover();
  await expect(page.getByText('Checking this means that this can be added to an invoice and billed to the client.')).toBeVisible();

  await choose(page, dialog, 'Currency', 'USD', /USD/);
  await expect(dialog.getByTestId('time-entry-exchange-rate')).toHaveValue('1500');
  await expect(dialog.getByText('Exchange Rate is required')).toHaveCount(0);
});
