import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, signInAsFirmUser, test, choose } from './support.ts';

// Seeded demo firm (apps/api/src/seed/demo-seed.ts): Ada Okafor is the administrator; the share
// purchase agreement is a Flat Rate matter of 2,500,000.00.
const ADMIN = 'admin@demo.law';
const FLAT_RATE = { client: 'Lagoon Shipping Ltd', matter: 'Share purchase agreement', rate: '2,500,000.00' };
const HOURLY = { client: 'Kestrel Software Ltd', matter: 'Employment tribunal – wrongful dismissal' };
const PHONE = { width: 390, height: 844 };

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await signInAsFirmUser(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

const feeRows = (page: Page) => page.getByRole('table', { name: 'Flat fees' }).getByRole('row');
const feeRow = (page: Page, description: string) => feeRows(page).filter({ hasText: description });

async function openAddFromCreateNew(page: Page) {
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('menuitem', { name: 'Flat Fee' }).click();
  await expect(page).toHaveURL(/\/billing\/flat-fees\/add-new-flat-fee$/);
  const form = page.getByRole('form', { name: 'New flat fee' });
  await expect(form).toBeVisible();
  return form;
}

test('an administrator adds a flat fee on a Flat Rate matter with its rate offered, then filters, searches, downloads, edits and deletes', async ({
  page,
}) => {
  const description = unique('Completion fee');
  await signInAs(page, ADMIN);

  // The side menu's Billing lands on the invoices; the billing area's own navigation leads to the flat fees.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await page.getByRole('navigation', { name: 'Billing navigation' }).getByRole('link', { name: 'Flat Fees' }).click();
  await expect(page).toHaveURL(/\/billing\/flat-fees$/);
  await expect(page.getByRole('navigation', { name: 'Billing navigation' }).getByRole('link', { name: 'Flat Fees' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Add: the Flat Rate matter's rate is offered as the amount.
  const form = await openAddFromCreateNew(page);
  await choose(page, form, 'Client', 'Lagoon', FLAT_RATE.client);
  await choose(page, form, 'Matter', 'Share', new RegExp(FLAT_RATE.matter));
  const amount = form.getByRole('textbox', { name: 'Amount' });
  await expect(amount).toHaveValue(FLAT_RATE.rate);
  await expect(amount).toHaveAccessibleDescription('The matter’s flat rate');
  await form.getByRole('textbox', { name: 'Description' }).fill(description);
  await form.getByRole('button', { name: 'Save flat fee' }).click();
  await expect(page).toHaveURL(/\/billing\/flat-fees$/);
  const row = feeRow(page, description);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(FLAT_RATE.client);
  await expect(row).toContainText(FLAT_RATE.matter);
  await expect(row).toContainText('Ada Okafor');
  await expect(row).toContainText(`₦${FLAT_RATE.rate}`);
  await expect(row).toContainText(/Unbilled/i);
  await expect(page.getByTestId('flat-fee-total')).toContainText('₦');

  // Filters: status and who added it.
  await choose(page, page, 'Status', 'Billed', /^Billed$/);
  await expect(page).toHaveURL(/status=Billed/);
  await expect(feeRow(page, description)).toHaveCount(0);
  await choose(page, page, 'Status', 'Unbilled', 'Unbilled');
  await expect(feeRow(page, description)).toHaveCount(1);
  await choose(page, page, 'Added by', 'Tunde', 'Tunde Bakare');
  await expect(page).toHaveURL(/addedBy=/);
  await expect(feeRow(page, description)).toHaveCount(0);
  await choose(page, page, 'Added by', 'Ada', 'Ada Okafor');
  await expect(feeRow(page, description)).toHaveCount(1);
  await choose(page, page, 'Client', 'Lagoon', FLAT_RATE.client);
  await choose(page, page, 'Matter', 'Share', new RegExp(FLAT_RATE.matter));
  await expect(page).toHaveURL(/matterId=/);
  await expect(feeRow(page, description)).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/billing\/flat-fees$/);

  // The global search's flat-fees entry lands on the list, searched.
  const search = page.getByRole('textbox', { name: 'Global search' });
  await search.fill(description);
  await page.getByRole('option', { name: `${description} in Flat Fees` }).click();
  await expect(page).toHaveURL(/\/billing\/flat-fees\?search=/);
  await expect(page.getByRole('searchbox', { name: 'Search flat fees' })).toHaveValue(description);
  await expect(feeRows(page)).toHaveCount(2); // the header and the one fee
  await expect(feeRow(page, description)).toHaveCount(1);

  // The CSV holds the searched list.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('flat-fees.csv');
  const bytes = await readFile((await download.path())!);
  // The file as saved: UTF-8's byte-order mark (Excel then reads ₦ and accented names right), CRLF lines.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Date,Client,Matter,Fee earner,Activity,Description,Currency,Amount,Status,Added by');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(description);
  expect(lines[1]).toContain('2500000.00');

  // Edit, then delete with confirmation.
  const edited = `${description} (edited)`;
  await feeRow(page, description)
    .getByRole('button', { name: /^Edit flat fee/ })
    .click();
  await expect(page).toHaveURL(/\/billing\/flat-fees\/edit\//);
  const editForm = page.getByRole('form', { name: 'Edit flat fee' });
  await expect(editForm.getByRole('textbox', { name: 'Description' })).toHaveValue(description);
  await editForm.getByRole('textbox', { name: 'Description' }).fill(edited);
  await editForm.getByRole('textbox', { name: 'Amount' }).fill('2000000');
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/billing\/flat-fees$/);
  await expect(feeRow(page, edited)).toContainText('₦2,000,000.00');

  await feeRow(page, edited)
    .getByRole('button', { name: /^Delete flat fee/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete Flat Fee?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(feeRow(page, edited)).toHaveCount(0);
});

test('an hourly matter offers no rate; required fields are named; the matter view’s Expenses tab lists the matter’s flat fees', async ({
  page,
}) => {
  await signInAs(page, ADMIN);
  const form = await openAddFromCreateNew(page);
  await form.getByRole('button', { name: 'Save flat fee' }).click();
  await expect(form.getByText('Client is required')).toBeVisible();
  await expect(form.getByText('Amount is required')).toBeVisible();
  await choose(page, form, 'Client', 'Kestrel', HOURLY.client);
  await choose(page, form, 'Matter', 'Employment', new RegExp(HOURLY.matter));
  await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('');

  await page.goto('/billing/flat-fees');
  await feeRows(page).filter({ hasText: FLAT_RATE.matter }).first().getByRole('link', { name: FLAT_RATE.matter }).click();
  await expect(page).toHaveURL(/\/matter\/[^/]+\?activeTab=expenses$/);
  const tab = page.getByTestId('matter-expenses-tab');
  await expect(tab.getByRole('heading', { name: 'Flat fees' })).toBeVisible();
  await expect(tab.getByTestId('flat-fee-total')).toContainText('₦');
  await expect(
    tab.getByRole('table', { name: 'Flat fees' }).getByRole('row').filter({ hasText: 'Share purchase agreement' }),
  ).not.toHaveCount(0);
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: PHONE });

  test('the list and the form fit the screen and work', async ({ page }) => {
    const description = unique('Phone flat fee');
    await signInAs(page, ADMIN);
    await page.goto('/billing/flat-fees/add-new-flat-fee');
    const form = page.getByRole('form', { name: 'New flat fee' });
    await choose(page, form, 'Client', 'Lagoon', FLAT_RATE.client);
    await choose(page, form, 'Matter', 'Share', new RegExp(FLAT_RATE.matter));
    await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue(FLAT_RATE.rate);
    await form.getByRole('textbox', { name: 'Description' }).fill(description);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await form.getByRole('button', { name: 'Save flat fee' }).click();
    await expect(page).toHaveURL(/\/billing\/flat-fees$/);

    // The table scrolls inside its card; the page does not.
    await expect(feeRow(page, description)).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const remove = feeRow(page, description).getByRole('button', { name: /^Delete flat fee/ });
    await remove.scrollIntoViewIfNeeded();
    await remove.click();
    await page.getByRole('dialog', { name: 'Delete Flat Fee?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(feeRow(page, description)).toHaveCount(0);
  });
});
