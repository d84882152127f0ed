import { type Page } from '@playwright/test';
import { choose, displayDate, expect, firmApi, signInAsFirmUser, test } from './support.ts';

// The seeded demo firm (apps/api/src/seed/demo-seed.ts): Kestrel's employment claim is one of its
// open matters and the Federal High Court one of its courts.
const FEE_EARNER = 'feeearner@demo.law';
const MATTER = { client: 'Kestrel Software Ltd', matter: 'Employment tribunal – wrongful dismissal' };

// This journey needs the app's service worker: it keeps the app's code for the offline steps.
test.use({ serviceWorkers: 'allow' });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

type ListPage<T> = { data: T[]; totalCount: number };
const countOf = async (page: Page, path: string) => (await firmApi<ListPage<unknown>>(page, 'GET', path)).totalCount;

test('in court with no connection: a court update and a time entry wait on the phone, and arrive once when it is back online', async ({
  page,
  context,
}) => {
  const suitNumber = `FHC/L/CS/${stamp()}`;
  const description = `Attended the mention, offline ${stamp()}`;
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const nextDate = await page.evaluate(() => new Date(Date.now() + 14 * 86_400_000).toLocaleDateString('en-CA'));

  await page.goto('/login');
  await signInAsFirmUser(page, FEE_EARNER);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The service worker has the app's code once it controls the page.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });

  // The court update form and the time entry popup are opened, and their lists read, while online.
  await page.goto('/progress-update/add-progress-update?iscourtupdate=true');
  const form = page.getByRole('form', { name: 'New court update' });
  await choose(page, form, 'Client', 'Kestrel', MATTER.client, { firstOfMany: true });
  await choose(page, form, 'Matter', 'Employment', new RegExp(MATTER.matter), { firstOfMany: true });
  await choose(page, form, 'Court', 'Federal', /^Federal High Court/, { firstOfMany: true });
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('menuitem', { name: 'Time Entry' }).click();
  const popup = page.getByRole('dialog', { name: 'New Time Entry' });
  await choose(page, popup, 'Client', 'Kestrel', MATTER.client);
  await choose(page, popup, 'Matter', 'Employment', new RegExp(MATTER.matter));
  await choose(page, popup, 'Activity Type', 'Research', 'Research (A102)');

  // The connection goes: the time entry and the court update are written and kept on the phone.
  await context.setOffline(true);
  await popup.getByRole('textbox', { name: 'Duration' }).fill('2.5');
  await popup.getByLabel('Description').fill(description);
  await popup.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(popup).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Waiting to send (1)' })).toBeVisible();

  await form.getByRole('textbox', { name: 'Suit number' }).fill(suitNumber);
  await form.getByRole('combobox', { name: /^Hearing date/ }).fill(displayDate(today));
  await form.getByRole('textbox', { name: /^What happened/ }).fill('Mention; the defence asked for time to file.');
  await form.getByRole('combobox', { name: /^Next adjourned date/ }).fill(displayDate(nextDate));
  await form.getByRole('button', { name: 'Save court update' }).click();
  const waiting = page.getByRole('button', { name: 'Waiting to send (2)' });
  await expect(waiting).toBeVisible();
  await waiting.click();
  await expect(page.getByText(`Court update: ${suitNumber}`)).toBeVisible();
  await expect(page.getByText(/^Time entry: 2\.5 h, Attended the mention/)).toBeVisible();

  // The app is closed before the connection returns; opened again online, it sends both, once.
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/time-entries');
  await expect(again.getByRole('heading', { name: 'Time Entries', level: 1 })).toBeVisible();
  await expect(again.getByText('Sent 2 items saved on this device.')).toBeVisible();
  await expect(again.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);
  // A second visit finds nothing left to send, and each record is there once.
  await again.reload();
  await expect(again.getByRole('heading', { name: 'Time Entries', level: 1 })).toBeVisible();
  await expect.poll(() => countOf(again, `/admin/time-entry?GeneralSearchText=${encodeURIComponent(description)}`)).toBe(1);
  expect(await countOf(again, `/admin/progress-update/get-court-updates?GeneralSearchText=${encodeURIComponent(suitNumber)}`)).toBe(1);
});
