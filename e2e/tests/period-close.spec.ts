import { type Page } from '@playwright/test';
import { expect, signInAsFirmUser, test } from './support.ts';

// Issue 36: an administrator closes a period, a journal dated in it is refused in words that point
// at its date, and the period is reopened. The day is long before the demo's books (a year back),
// so no other journey's postings fall in it, even while this one runs.
const ADMIN = 'admin@demo.law';
const REFUSAL = 'The books are closed through 31/12/2020: date this after that day, in an open period';

async function pick(page: Page, field: string, search: string, option: string | RegExp) {
  const combobox = page.getByRole('combobox', { name: field, exact: true });
  await combobox.click();
  await combobox.fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('period close: close the books through a day, read the refusal of a journal dated in it, reopen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/accounting/chart-of-accounts');
  await page.getByRole('link', { name: 'Period close' }).click();
  await expect(page.getByRole('heading', { name: 'Period close', level: 1 })).toBeVisible();
  await expect(page.getByText('Every period is open')).toBeVisible();
  await page.getByRole('combobox', { name: /^Close the books through/ }).fill('31/12/2020');
  await page.getByRole('button', { name: 'Close the books' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close the books' });
  await expect(confirm).toContainText('Close the books through 31/12/2020?');
  await confirm.getByRole('button', { name: 'Close the books' }).click();
  await expect(page.getByText('The books are closed through 31/12/2020')).toBeVisible();

  try {
    await page.getByRole('link', { name: 'Journal entries' }).click();
    await page.getByRole('button', { name: 'New journal entry' }).click();
    const journal = page.getByRole('dialog', { name: 'New journal entry' });
    await journal.getByRole('combobox', { name: /^Date/ }).fill('15/12/2020');
    await journal.getByRole('textbox', { name: /^Memo/ }).fill('Bank charges for December 2020');
    await pick(page, 'Line 1 account', '5300', /^5300 /);
    await journal.getByLabel('Line 1 debit').fill('1500');
    await pick(page, 'Line 2 account', '1000', '1000 Operating bank');
    await journal.getByLabel('Line 2 credit').fill('1500');
    await journal.getByRole('button', { name: 'Post entry' }).click();
    // The refusal in words, under the date it is about; nothing is posted.
    await expect(journal.getByText(REFUSAL)).toBeVisible();
    await journal.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await page.goto('/accounting/period-close');
    await page.getByRole('button', { name: 'Reopen every period' }).click();
    await page.getByRole('dialog', { name: 'Reopen every period' }).getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByText('Every period is open')).toBeVisible();
  }

  // At 390 px the page still reads and its controls are reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Close the books' })).toBeVisible();
});
