import type { Locator, Page } from '@playwright/test';
import { expect, firmApi, passingToasts, signInAsFirmUser, test, choose } from './support.ts';

const PHONE = { width: 390, height: 844 };
const FEE_EARNER = 'feeearner@demo.law';
const HOURLY = { client: 'Kestrel Software Ltd', matter: 'Employment tribunal – wrongful dismissal' };
const ACTIVITY = 'Research (A102)';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await signInAsFirmUser(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Nothing is wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Fully on screen, so a thumb can reach it. */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

async function fillEntry(page: Page, dialog: Locator, description: string) {
  await choose(page, dialog, 'Client', 'Kestrel', HOURLY.client);
  await choose(page, dialog, 'Matter', 'Employment', new RegExp(HOURLY.matter));
  await choose(page, dialog, 'Activity Type', 'Research', ACTIVITY);
  await dialog.getByLabel('Description').fill(description);
}

/** The popup fills the phone's screen. */
async function expectFullScreen(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(PHONE.width);
}

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: PHONE });

  test('the shell fits: burger menu with the pages the role opens, timer, Create New and Logout within reach', async ({ page }) => {
    await signInAs(page, FEE_EARNER);
    await expectNoSidewaysScroll(page);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expectOnScreen(page.getByRole('group', { name: 'Timer' }));
    await expectOnScreen(page.getByRole('button', { name: 'Create New' }));
    await expectOnScreen(page.getByRole('button', { name: 'Logout' }));

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'Dashboard',
      'Clients',
      'Leads',
      'Conflict Check',
      'Matters',
      'Time Entries',
      'Tasks',
      'Progress Update',
      'Calendar',
      'Expenses',
      'Billing',
      'Documents',
      'Settings',
    ]);
    await menu.getByRole('link', { name: 'Matters' }).click();
    await expect(page).toHaveURL(/\/matter\/matter-list$/);
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Matters' })).toBeVisible();
    // The table scrolls inside its card; the page does not.
    await expectNoSidewaysScroll(page);
  });

  test('the timer runs and stops into a full-screen popup; the entry is saved and listed', async ({ page }) => {
    const description = unique('Phone timer');
    await signInAs(page, FEE_EARNER);
    await firmApi(page, 'POST', '/admin/time-entry-log/delete-time-entry-logs');
    await page.reload();
    const timer = page.getByRole('group', { name: 'Timer' });
    await timer.getByRole('button', { name: 'Start Timer' }).click();
    await expect(timer.getByRole('button', { name: 'Pause' })).toBeFocused();
    await expect(timer.getByRole('timer')).not.toHaveText('00:00:00', { timeout: 10_000 });

    await timer.getByRole('button', { name: 'Stop' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Time Entry' });
    await expectFullScreen(dialog);
    await expect(dialog.getByRole('textbox', { name: 'Duration' })).toHaveValue(/^\d+\.\d{4}$/);
    await fillEntry(page, dialog, description);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();

    await expect(page).toHaveURL(/\/time-entries$/);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Time entries' }).getByRole('listitem').filter({ hasText: description })).toHaveCount(1);
    await expect(timer.getByRole('button', { name: 'Start Timer' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('a time entry typed in by hand from Create New, in a full-screen popup', async ({ page }) => {
    const description = unique('Phone entry');
    await signInAs(page, FEE_EARNER);
    const createNew = page.getByRole('button', { name: 'Create New' });
    await createNew.click();
    // The fee earner's role may see flat fees but not add them (flatFeePermission without .create).
    await expect(page.getByRole('menuitem')).toHaveText(['Client', 'Matter', 'Progress Update', 'Time Entry', 'Expense']);
    await page.getByRole('menuitem', { name: 'Time Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Time Entry' });
    await expectFullScreen(dialog);
    // One field to a row: the fields take the screen's width (less the popup's padding), not half of it.
    for (const field of ['Duration', 'Description']) {
      expect((await dialog.getByRole('textbox', { name: field }).boundingBox())?.width).toBeGreaterThan(PHONE.width * 0.75);
    }
    await expect
      .poll(async () => (await dialog.getByRole('combobox', { name: 'Client', exact: true }).boundingBox())?.width)
      .toBeGreaterThan(PHONE.width * 0.75);
    await dialog.getByRole('textbox', { name: 'Duration' }).fill('0.5');
    await fillEntry(page, dialog, description);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();

    await expect(dialog).toHaveCount(0);
    await expect(createNew).toBeFocused();
    await page.goto('/time-entries');
    await expect(page.getByRole('list', { name: 'Time entries' }).getByRole('listitem').filter({ hasText: description })).toHaveCount(1);
  });
});

test.describe('on a desktop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a skip link leads past the menus; the collapsed menu names its icons', async ({ page }) => {
    await signInAs(page, FEE_EARNER);
    // The shell loads after sign-in: start from the page itself once it is there, as a keyboard user arriving would.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(menu.getByRole('link', { name: 'Trust Account' })).toHaveCount(0);
    await menu.getByRole('button', { name: 'Collapse navigation' }).click();
    await menu.getByRole('link', { name: 'Documents' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Documents');
    await menu.getByRole('button', { name: 'Expand navigation' }).click();
  });

  test('a success toast opens below the top bar, clear of the timer, Create New and Logout', async ({ page }) => {
    await page.removeLocatorHandler(passingToasts(page).first()); // this test looks at the toast itself
    await signInAs(page, FEE_EARNER);
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByRole('menuitem', { name: 'Time Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Time Entry' });
    await dialog.getByRole('textbox', { name: 'Duration' }).fill('0.25');
    await fillEntry(page, dialog, unique('Toast check'));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();

    const toast = page.locator('[data-toast-type="success"]').first();
    await expect(toast).toBeVisible();
    const header = (await page.locator('header').first().boundingBox())!;
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
  });
});
