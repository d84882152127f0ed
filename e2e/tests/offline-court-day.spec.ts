import { type Page } from '@playwright/test';
import { choose, displayDate, expect, firmApi, headerTimer, resetTimer, signInAsFirmUser, test } from './support.ts';

// The seeded demo firm (apps/api/src/seed/demo-seed.ts): Kestrel's employment claim is one of its
// open matters and the Federal High Court one of its courts.
const FEE_EARNER = 'feeearner@demo.law';
const MATTER = { client: 'Kestrel Software Ltd', matter: 'Employment tribunal – wrongful dismissal' };

// This journey needs the app's service worker: it keeps the app's code for the offline steps.
test.use({ serviceWorkers: 'allow' });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

type ListPage<T> = { data: T[]; totalCount: number };
const countOf = async (page: Page, path: string) => (await firmApi<ListPage<unknown>>(page, 'GET', path)).totalCount;

test('in court with no signal: the installed app reopens offline as the fee earner, a court update and a time entry written from scratch wait on the phone, and arrive once when it is back online', async ({
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

  // The timer runs for the mention, started while there is signal.
  await resetTimer(page);
  const timer = headerTimer(page);
  await timer.button('Start Timer').click();
  await expect(timer.button('Pause')).toBeVisible();

  // Online, the fee earner opens the court update form and the time entry popup once (their lists read).
  await page.goto('/progress-update/add-progress-update?iscourtupdate=true');
  const onlineForm = page.getByRole('form', { name: 'New court update' });
  await choose(page, onlineForm, 'Client', 'Kestrel', MATTER.client, { firstOfMany: true });
  await choose(page, onlineForm, 'Matter', 'Employment', new RegExp(MATTER.matter), { firstOfMany: true });
  await choose(page, onlineForm, 'Court', 'Federal', /^Federal High Court/, { firstOfMany: true });
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('menuitem', { name: 'Time Entry' }).click();
  const onlinePopup = page.getByRole('dialog', { name: 'New Time Entry' });
  await choose(page, onlinePopup, 'Client', 'Kestrel', MATTER.client);
  await choose(page, onlinePopup, 'Matter', 'Employment', new RegExp(MATTER.matter));
  await choose(page, onlinePopup, 'Activity Type', 'Research', 'Research (A102)');

  // The signal goes and the app is closed; reopened with none, it is still Tunde's, and says it is offline.
  await context.setOffline(true);
  const secondsAtClosing = await timer.seconds();
  await page.close();
  const offline = await context.newPage();
  await offline.goto('/progress-update/add-progress-update?iscourtupdate=true');
  await expect(offline.getByText('Tunde Bakare')).toBeVisible();
  await expect(offline.getByText('Offline', { exact: true })).toBeVisible();
  await expect(offline.getByText('Unauthorized Error!')).toHaveCount(0);
  // The timer still runs, counted on through the time the app was closed, not from 00:00:00.
  const offlineTimer = headerTimer(offline);
  await expect(offlineTimer.button('Pause')).toBeVisible();
  await expect.poll(() => offlineTimer.seconds()).toBeGreaterThan(secondsAtClosing);

  // A time entry from scratch: the popup's Matter and Activity lists are there.
  await offline.getByRole('button', { name: 'Create New' }).click();
  await offline.getByRole('menuitem', { name: 'Time Entry' }).click();
  const popup = offline.getByRole('dialog', { name: 'New Time Entry' });
  await choose(offline, popup, 'Client', 'Kestrel', MATTER.client);
  await choose(offline, popup, 'Matter', 'Employment', new RegExp(MATTER.matter));
  await choose(offline, popup, 'Activity Type', 'Research', 'Research (A102)');
  await popup.getByRole('textbox', { name: 'Duration' }).fill('2.5');
  await popup.getByLabel('Description').fill(description);
  await popup.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(popup).toHaveCount(0);
  await expect(offline.getByRole('button', { name: 'Waiting to send (1)' })).toBeVisible();

  // A court update from scratch.
  const form = offline.getByRole('form', { name: 'New court update' });
  await choose(offline, form, 'Client', 'Kestrel', MATTER.client, { firstOfMany: true });
  await choose(offline, form, 'Matter', 'Employment', new RegExp(MATTER.matter), { firstOfMany: true });
  await choose(offline, form, 'Court', 'Federal', /^Federal High Court/, { firstOfMany: true });
  await form.getByRole('textbox', { name: 'Suit number' }).fill(suitNumber);
  await form.getByRole('combobox', { name: /^Hearing date/ }).fill(displayDate(today));
  await form.getByRole('textbox', { name: /^What happened/ }).fill('Mention; the defence asked for time to file.');
  await form.getByRole('combobox', { name: /^Next adjourned date/ }).fill(displayDate(nextDate));
  await form.getByRole('button', { name: 'Save court update' }).click();
  const waiting = offline.getByRole('button', { name: 'Waiting to send (2)' });
  await expect(waiting).toBeVisible();
  await waiting.click();
  await expect(offline.getByText(`Court update: ${suitNumber}`)).toBeVisible();
  await expect(offline.getByText(/^Time entry: 2\.5 h, Attended the mention/)).toBeVisible();

  // The app is closed before the signal returns; opened again online, it sends both, once.
  await offline.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/time-entries');
  await expect(again.getByRole('heading', { name: 'Time Entries', level: 1 })).toBeVisible();
  await expect(again.getByText('Sent 2 items saved on this device.')).toBeVisible();
  await expect(again.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);
  await expect(again.getByText('Offline', { exact: true })).toHaveCount(0);
  // A second visit finds nothing left to send, and each record is there once.
  await again.reload();
  await expect(again.getByRole('heading', { name: 'Time Entries', level: 1 })).toBeVisible();
  await expect.poll(() => countOf(again, `/admin/time-entry?GeneralSearchText=${encodeURIComponent(description)}`)).toBe(1);
  expect(await countOf(again, `/admin/progress-update/get-court-updates?GeneralSearchText=${encodeURIComponent(suitNumber)}`)).toBe(1);
  // The server's timer ran all along: online again, it shows at least what the phone counted.
  await expect(headerTimer(again).button('Pause')).toBeVisible();
  expect(await headerTimer(again).seconds()).toBeGreaterThan(secondsAtClosing);
  await resetTimer(again);
});
