import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, signInAsFirmUser, test, choose } from './support.ts';

// Seeded demo firm (apps/api/src/seed/demo-seed.ts): Ada Okafor is the administrator (an approver),
// Tunde Bakare a fee earner (may add expenses, not approve them).
const ADMIN = 'admin@demo.law';
const FEE_EARNER = 'feeearner@demo.law';
const HOURLY = { client: 'Kestrel Software Ltd', matter: 'Employment tribunal – wrongful dismissal' };
const RECEIPT = join(import.meta.dirname, 'fixtures', 'receipt.png');
const PHONE = { width: 390, height: 844 };

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await signInAsFirmUser(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function signOut(page: Page) {
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
}

const expenseRow = (page: Page, description: string) =>
  page.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({ hasText: description });

test('a fee earner requests an expense with a receipt, an administrator approves it, and it shows in the client tab and the matter’s Expenses tab', async ({
  page,
}) => {
  const description = unique('Taxi to the tribunal');

  // The fee earner: Create New → Expense, a client expense raised as a request, with a receipt.
  await signInAs(page, FEE_EARNER);
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('menuitem', { name: 'Expense' }).click();
  await expect(page).toHaveURL(/\/expense-request\/direct-expense\/add-expense$/);
  const form = page.getByRole('form', { name: 'Add expense' });
  await choose(page, form, 'Client', 'Kestrel', HOURLY.client);
  await choose(page, form, 'Matter', 'Employment', new RegExp(HOURLY.matter));
  await choose(page, form, 'Category', 'Travel', 'Travel (E110)');
  await form.getByRole('textbox', { name: 'Description' }).fill(description);
  await form.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await form.getByRole('textbox', { name: 'Unit cost' }).fill('33.33');
  await expect(form.getByTestId('expense-amount')).toHaveText('₦99.99');
  await form.getByRole('switch', { name: /Submit as a request for approval/ }).check();
  await form.locator('input[type="file"]').setInputFiles(RECEIPT);
  await expect(form.getByTestId('pending-receipts')).toContainText('receipt.png');
  await form.getByRole('button', { name: 'Save expense' }).click();
  await expect(page).toHaveURL(/\/expense-request\/direct-expense\?activeTab=client$/);

  // Requests are listed once asked for: pending, with its receipt.
  await expect(expenseRow(page, description)).toHaveCount(0);
  await page.getByRole('switch', { name: /Include expense requests/ }).click();
  await expect(page).toHaveURL(/includeRequests=true/);
  const requested = expenseRow(page, description);
  await expect(requested).toContainText('Pending approval');
  await expect(requested).toContainText('Tunde Bakare');
  await expect(requested).toContainText('₦99.99');
  // The receipts column (the one before the row's actions) counts the PNG.
  await expect(requested.getByRole('cell').nth(-2)).toHaveText('1');
  // A fee earner may not approve: no Approvals entry in the expenses navigation.
  await expect(page.getByRole('navigation', { name: 'Expenses navigation' }).getByRole('link', { name: 'Approvals' })).toHaveCount(0);

  // The administrator: the dashboard says a request waits, the approvals view approves it.
  await signOut(page);
  await signInAs(page, ADMIN);
  const card = page.getByRole('region', { name: 'Expense requests awaiting your approval' });
  await expect(card).toContainText(description);
  await card.getByRole('link', { name: 'Review requests' }).click();
  await expect(page).toHaveURL(/\/expense-request\/approvals$/);
  const pending = page.getByRole('region', { name: 'Client expense requests' }).getByRole('row').filter({ hasText: description });
  await expect(pending).toContainText('1 receipt');
  await pending.getByRole('button', { name: /^Approve expense/ }).click();
  await expect(pending).toHaveCount(0);

  // Approved, it is in the client tab without asking for requests, and its receipt downloads.
  await page.getByRole('navigation', { name: 'Expenses navigation' }).getByRole('link', { name: 'Client Expenses' }).click();
  const approved = expenseRow(page, description);
  await expect(approved).toContainText('Approved');
  await expect(approved).toContainText('Unbilled');
  await approved.getByRole('button', { name: /^Edit expense/ }).click();
  await expect(page.getByTestId('expense-decided-by')).toContainText('Ada Okafor');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt.png' }).click();
  const receipt = await downloading;
  expect((await readFile((await receipt.path())!)).subarray(1, 4).toString()).toBe('PNG');

  // The matter's Expenses tab lists it with the matter's total.
  await page.goto('/matter/matter-list');
  await page.getByRole('link', { name: HOURLY.matter }).first().click();
  await page.getByRole('tab', { name: 'Expenses' }).click();
  const section = page.getByRole('region', { name: 'Expenses' });
  await expect(section.getByRole('row').filter({ hasText: description })).toContainText('₦99.99');
  await expect(section.getByTestId('expense-total-amount')).toContainText('₦');
});

test('the expense list filters, searches (also from the global search) and downloads its CSV; list and form work at 390 px', async ({
  page,
}) => {
  await signInAs(page, ADMIN);

  // The global search's Expenses entry lands on the client list with the search.
  const search = page.getByRole('textbox', { name: 'Global search' });
  await search.fill('Filing fee');
  await page.getByRole('option', { name: 'Filing fee in Expenses' }).click();
  await expect(page).toHaveURL(/\/expense-request\/direct-expense\?activeTab=client&search=Filing\+fee/);
  await expect(page.getByRole('searchbox', { name: 'Search expenses' })).toHaveValue('Filing fee');
  const filing = expenseRow(page, 'Filing fee, originating summons');
  await expect(filing).toHaveCount(1);
  await expect(page.getByTestId('expense-count')).toHaveText('1 expense');

  // Filters: payment status (the seeded filing fee is paid).
  await choose(page, page, 'Payment status', 'Unpaid', 'Unpaid');
  await expect(page).toHaveURL(/paymentStatus=Unpaid/);
  await expect(filing).toHaveCount(0);
  await choose(page, page, 'Payment status', 'Paid', /^Paid$/);
  await expect(filing).toHaveCount(1);

  // The CSV is the filtered list.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Filing fee, originating summons');

  // Clearing the filters shows more; the firm tab asks for firm expenses.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('table', { name: 'Expenses' }).getByRole('row')).not.toHaveCount(2);
  await page.getByRole('tab', { name: 'Firm expenses' }).click();
  await expect(page).toHaveURL(/activeTab=firm/);
  await expect(page.getByRole('columnheader', { name: /Client/ })).toHaveCount(0);

  // At 390 px: the list scrolls inside its table and the form's fields are reachable.
  await page.setViewportSize(PHONE);
  await page.goto('/expense-request/direct-expense?activeTab=client');
  await expect(page.getByRole('table', { name: 'Expenses' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.goto('/expense-request/direct-expense/add-expense');
  const form = page.getByRole('form', { name: 'Add expense' });
  await expect(form.getByRole('combobox', { name: 'Client' })).toBeVisible();
  await form.getByRole('button', { name: 'Save expense' }).click();
  await expect(form.getByText('Client is required')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
