import { expect, test, signInAsFirmUser } from './support.ts';

test('a visitor is sent to sign in and returned to the page they asked for', async ({ page }) => {
  await page.goto('/matter/matter-list?search=lease');
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fmatter%2Fmatter-list&redirectParams=search%3Dlease$/);
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/matter\/matter-list\?search=lease$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toMatch(/^v1\./);
});

test('a wrong password shows the reason and keeps the visitor on the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law', 'definitely-not-it');
  await expect(page.getByText('Email or password is incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the shell: dashboard figures, global search, Create New permission alert, logout', async ({ page }) => {
  await page.goto('/login');
  await signInAsFirmUser(page, 'billing@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Adebayo & Partners (Demo)').first()).toBeVisible();
  await expect(page.getByText('Active clients')).toBeVisible();

  const search = page.getByPlaceholder('Search for matters, clients, documents, etc');
  await search.fill('Okonkwo');
  await page.getByRole('option', { name: 'Okonkwo in Clients' }).click();
  await expect(page).toHaveURL(/\/clients\/list\?search=Okonkwo$/);

  // The billing role has no timeEntry.create.
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('menuitem', { name: 'Time Entry' }).click();
  await expect(
    page.getByText("You don't have permission to perform this action. Please contact your admin to provide access").first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fdashboard/);
});

test('a page the role may not see shows the Unauthorized page', async ({ page }) => {
  await page.goto('/login');
  await signInAsFirmUser(page, 'feeearner@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/billing/invoice/invoice-empty');
  await expect(page.getByText('Unauthorized Error!')).toBeVisible();
  await expect(page.getByText("Oops, seems you've lost your way!")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
});
