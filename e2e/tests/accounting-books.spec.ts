import { type Page } from '@playwright/test';
import { expect, signInAsFirmUser, test } from './support.ts';

// Issue 36's first journey: an account added to the chart, a manual journal posted to it and
// reversed, and both entries seen in the account's general ledger and in the trial balance.
const ADMIN = 'admin@demo.law';

/** A searchable select: type to filter, pick the option. */
async function pick(page: Page, field: string, search: string, option: string | RegExp) {
  const combobox = page.getByRole('combobox', { name: field, exact: true });
  await combobox.click();
  await combobox.fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('the books: add an account, post a journal to it, reverse it, and see both in the general ledger and the trial balance', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const number = String(6000 + Math.floor(Math.random() * 999));
  const name = `Library and research ${stamp}`;
  const memo = `Law reports subscription ${stamp}`;
  const amount = `${1 + Math.floor(Math.random() * 9000)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  const shown = Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The chart: /accounting opens it, with the accounting pages in its side navigation.
  await page.goto('/accounting');
  await expect(page.getByRole('heading', { name: 'Chart of accounts', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Assets' }).getByRole('row').filter({ hasText: '1000' }).filter({ hasText: 'Operating bank' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add account' }).click();
  const accountDialog = page.getByRole('dialog', { name: 'Add account' });
  await accountDialog.getByLabel('Account number').fill(number);
  await accountDialog.getByLabel('Account name').fill(name);
  await accountDialog.getByRole('button', { name: 'Add account' }).click();
  await expect(accountDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({ hasText: name })).toContainText(number);

  // A manual journal: Dr the new account, Cr the operating bank, balanced as it is typed.
  await page.getByRole('link', { name: 'Journal entries' }).click();
  await expect(page.getByRole('heading', { name: 'Journal entries', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New journal entry' }).click();
  const journalDialog = page.getByRole('dialog', { name: 'New journal entry' });
  await journalDialog.getByLabel('Reference').fill(`JV-${stamp}`);
  await journalDialog.getByRole('textbox', { name: /^Memo/ }).fill(memo);
  await pick(page, 'Line 1 account', number, `${number} ${name}`);
  await journalDialog.getByLabel('Line 1 debit').fill(amount);
  await expect(journalDialog.getByTestId('journal-balance')).toContainText('out by');
  await pick(page, 'Line 2 account', '1000', '1000 Operating bank');
  await journalDialog.getByLabel('Line 2 credit').fill(amount);
  await expect(journalDialog.getByTestId('journal-balance')).toContainText(`debits ${shown}, credits ${shown} — balanced`);
  await journalDialog.getByRole('button', { name: 'Post entry' }).click();
  await expect(journalDialog).toBeHidden();
  const posted = page.getByRole('article', { name: new RegExp(memo) }).filter({ hasNotText: 'Reversal of' });
  await expect(posted).toContainText(`${number} ${name}`);

  // Reverse it: a new entry mirrors it, and each names the other.
  await posted.getByRole('button', { name: `Reverse ${memo}` }).click();
  await page.getByRole('dialog', { name: 'Reverse journal entry' }).getByRole('button', { name: 'Reverse' }).click();
  await expect(posted.getByRole('link', { name: 'Reversed' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: new RegExp(`Reversal of: ${memo}`) }).getByRole('link', { name: 'Reversal of an earlier entry' }),
  ).toBeVisible();

  // The general ledger of the new account: the posting and its reversal, back to nil.
  await page.getByRole('link', { name: 'General ledger' }).click();
  await expect(page.getByRole('heading', { name: 'General ledger', level: 1 })).toBeVisible();
  await pick(page, 'Account', number, `${number} ${name}`);
  const lines = page.getByRole('table', { name: 'General ledger lines' }).getByRole('row');
  await expect(lines.filter({ hasText: memo })).toHaveCount(2);
  await expect(lines.filter({ hasText: `Reversal of: ${memo}` })).toContainText('0.00');
  await expect(lines.filter({ hasText: memo }).first()).toContainText(shown);
  await expect(lines.filter({ hasText: memo }).first().getByRole('link', { name: 'Journal' })).toBeVisible();

  // The trial balance: the account's debits and credits, and the books balance.
  await page.getByRole('link', { name: 'Trial balance' }).click();
  await expect(page.getByRole('heading', { name: 'Trial balance', level: 1 })).toBeVisible();
  const row = page.getByRole('table', { name: 'NGN' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${shown}${shown}0.00`);
  await expect(page.getByText('Pass: debits equal credits').first()).toBeVisible();

  // The firm's bank accounts: the demo's dollar domiciliary account, its number masked, with its own ledger account.
  await page.getByRole('link', { name: 'Bank accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Bank accounts', level: 1 })).toBeVisible();
  const dollars = page.getByRole('table', { name: 'Bank accounts' }).getByRole('row').filter({ hasText: 'USD domiciliary' });
  await expect(dollars).toContainText('••••7891');
  await expect(dollars).toContainText('1001 USD domiciliary');

  // VAT: the return for a period and the firm's tax rates, Nigeria's VAT among them.
  await page.getByRole('link', { name: 'VAT', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'VAT', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'VAT 7.5% active' })).toBeChecked();

  // At 390 px the chart still reads: every control labelled, nothing lost off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/accounting/chart-of-accounts');
  await expect(page.getByRole('heading', { name: 'Chart of accounts', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add account' })).toBeVisible();
});

test('profit and loss against the budget: change a month of the budget, save it, and read each account against it', async ({ page }) => {
  test.setTimeout(120_000);
  const amount = String(400_000 + Math.floor(Math.random() * 99_999));
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The demo firm's budget for this fiscal year: change rent's first month and save the grid.
  await page.goto('/accounting/budgets');
  await expect(page.getByRole('heading', { name: 'Budgets', level: 1 })).toBeVisible();
  const rent = page.getByRole('textbox', { name: /^5010 Rent and rates, / }).first();
  await expect(rent).toHaveValue('500000.00');
  await rent.fill(amount);
  await page.getByRole('button', { name: 'Save budget' }).click();
  // The saved grid comes back from the server with the amount as it was stored.
  await expect(rent).toHaveValue(`${amount}.00`);

  // Profit and loss for the fiscal year so far, against the budget: a budget column and the variance.
  await page.getByRole('link', { name: 'Profit and loss' }).click();
  await expect(page.getByRole('heading', { name: 'Profit and loss', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Compare with' }).click();
  await page.getByRole('option', { name: 'Budget' }).click();
  const statement = page.getByRole('table', { name: 'Profit and loss in NGN' });
  await expect(statement.getByRole('columnheader', { name: 'Budget' })).toBeVisible();
  await expect(statement.getByRole('columnheader', { name: 'Variance' })).toBeVisible();
  await expect(statement.getByRole('row').filter({ hasText: '5010 Rent and rates' })).toContainText('%');
  await expect(page.getByText(/^Accrual basis/)).toBeVisible();
  await expect(page.getByText('Pass').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^profit-and-loss-.*\.pdf$/);

  // The cash basis is one click away, and the balance sheet keeps client money apart.
  // The segmented control's radio is drawn by its label: the user clicks the label.
  await page.getByText('Cash', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await expect(page.getByText(/^Cash basis/)).toBeVisible();
  await page.getByRole('link', { name: 'Balance sheet' }).click();
  await expect(page.getByRole('heading', { name: 'Balance sheet', level: 1 })).toBeVisible();
  // The pointer leaves the menu, as a reader's would: a hovered link is not what the page shows.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('table', { name: 'Client money held in trust in NGN' })).toBeVisible();
  await expect(page.getByText('Pass: assets equal liabilities and equity').first()).toBeVisible();
});
