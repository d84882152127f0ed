import type { Page } from '@playwright/test';
import { expect, firmApi, signInAsFirmUser, test } from './support.ts';

// Issue 44: a fee earner's day recorded as they work, proposed as time, accepted by them. The page's
// clock is Playwright's: reading and writing are minutes long without the journey waiting for them.
const ADMIN = 'admin@demo.law'; // Ada Okafor: no demo work of her own, so her suggestions are this journey's
const CLIENT = 'Kestrel Software Ltd';
const MINUTE = 60_000;
/** A 1×1 PNG: the document read. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A fresh hourly matter of the demo client with the admin assigned at `hourlyRate`: nothing else of hers is on it today. */
async function matterWithRate(page: Page, matterName: string, hourlyRate: string): Promise<string> {
  const clients = await firmApi<{ companies: { companyId: string; companyName: string }[] }>(
    page,
    'GET',
    '/admin/client-info/get-associated-client-users',
  );
  const clientId = clients.companies.find((company) => company.companyName === CLIENT)!.companyId;
  const [profile] = await firmApi<{ id: string }[]>(page, 'GET', '/users/get-user-profile');
  const check = await firmApi<{ conflictCheckId: string }>(page, 'POST', '/admin/conflict-check/run-conflict-check', {
    names: [matterName],
    context: 'matter',
  });
  await firmApi(page, 'POST', `/admin/conflict-check/record-decision/${check.conflictCheckId}`, { decision: 'no_conflict' });
  const matter = await firmApi<{ id: string }>(page, 'POST', '/admin/matter-master/create-matter', {
    clientId,
    matterName,
    matterRate: 'Hourly',
    conflictCheckId: check.conflictCheckId,
    assignees: [{ userId: profile!.id, hourlyRate }],
  });
  return matter.id;
}

/**
 * `minutes` of the page's time pass with the member at work: a mouse move every 3 minutes, as a
 * reader scrolls (5 minutes without input and reading stops counting).
 */
async function workFor(page: Page, minutes: number) {
  for (let left = minutes; left > 0; left -= 3) {
    await page.mouse.move(200 + left, 300);
    await page.clock.runFor(Math.min(3, left) * MINUTE);
  }
}

/** Decimal hours rounded up to the firm's billing increment, as Suggested time proposes them. */
const proposed = (minutes: number, incrementHours: number) =>
  incrementHours > 0 ? Math.ceil(minutes / 60 / incrementHours - 1e-9) * incrementHours : minutes / 60;
const hoursText = (hours: number) => `${String(Number(hours.toFixed(4)))} h`;
const money = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test("Suggested time: a document read for 12 minutes, a note written, a call logged and a message sent are proposed per matter; two accepted, one edited, and the matters' rates value them", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.clock.install();
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const [profile] = await firmApi<{ businesses: { billingIncrement: string }[] }[]>(page, 'GET', '/users/get-user-profile');
  const increment = Number(profile!.businesses[0]!.billingIncrement);
  expect(increment, 'the firm bills in an increment of hours').not.toBeNaN();
  const id = stamp();
  const reading = { name: `Suggested reading ${id}`, rate: 100_000 };
  const writing = { name: `Suggested writing ${id}`, rate: 80_000 };
  const messaging = { name: `Suggested message ${id}`, rate: 60_000 };
  const readingId = await matterWithRate(page, reading.name, '100000.00');
  const writingId = await matterWithRate(page, writing.name, '80000.00');
  const messagingId = await matterWithRate(page, messaging.name, '60000.00');

  // A document uploaded to the first matter (3 minutes of work) and read for 12 minutes.
  const fileName = `Tenancy photo ${id}.png`;
  await page.goto(`/matter/${readingId}?activeTab=documents`);
  await page;
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles({ name: fileName, mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('upload-item').filter({ hasText: fileName })).toContainText(/Uploaded/);
  await page.getByRole('link', { name: fileName }).first().click();
  await expect(page).toHaveURL(/\/documents\/document\//);
  await expect(page.getByRole('heading', { level: 1, name: fileName })).toBeVisible();
  await workFor(page, 12);

  // A progress note on the second matter, 8 minutes from opening the form to saving it.
  const noteTitle = `Adjourned to next term ${id}`;
  await page.goto(`/progress-update/add-progress-update?matterId=${writingId}`);
  const noteForm = page.getByRole('form', { name: 'New progress note' });
  await noteForm.getByRole('textbox', { name: /^Title/ }).fill(noteTitle);
  // The editor loads when the note field is entered.
  await noteForm.getByRole('textbox', { name: /^Note/ }).click();
  await expect(noteForm.locator('.ProseMirror')).toBeVisible();
  await noteForm.locator('.ProseMirror').pressSequentially('The court adjourned the hearing; the client was told.');
  await workFor(page, 8);
  await noteForm.getByRole('button', { name: 'Save progress note' }).click();
  await expect(page).not.toHaveURL(/add-progress-update/);

  // A 20-minute call on the same matter.
  await page.goto(`/matter/${writingId}?activeTab=time`);
  await page.getByRole('button', { name: 'Log a call' }).click();
  const call = page.getByRole('dialog', { name: 'Log a call' });
  await call.getByRole('textbox', { name: /^With whom/ }).fill('Mr Bello, opposing counsel');
  await call.getByRole('textbox', { name: /^Duration/ }).fill('20m');
  await call.getByRole('button', { name: 'Log call' }).click();
  await expect(call).toHaveCount(0);

  // A message to the client on the third matter, 4 minutes from its first keystroke.
  await page.goto(`/matter/${messagingId}?activeTab=messages`);
  const message = page.getByRole('form', { name: 'Write a message' });
  await message.getByRole('textbox', { name: 'Message' }).pressSequentially('Your statement is ready');
  await workFor(page, 4);
  await message.getByRole('textbox', { name: 'Message' }).pressSequentially(' for signing.');
  await message.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Your statement is ready for signing.');

  // Suggested time: one draft per matter, its duration rounded up to the firm's increment.
  await page.goto('/time-entries?tab=suggested');
  const card = (name: string) => page.getByRole('article', { name: new RegExp(`Suggested time on .*${name}`) });
  await expect(card(reading.name)).toContainText(hoursText(proposed(12 + 3, increment)));
  await expect(card(reading.name)).toContainText(`Reviewed ${fileName}`);
  await expect(card(writing.name)).toContainText(hoursText(proposed(8 + 20, increment)));
  await expect(card(writing.name)).toContainText(noteTitle);
  await expect(card(writing.name)).toContainText('Mr Bello, opposing counsel');
  await expect(card(messaging.name)).toContainText(hoursText(proposed(4, increment)));

  // Two accepted as proposed; the third edited to 45 minutes with its own words.
  await card(reading.name).getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(card(reading.name)).toHaveCount(0);
  await card(messaging.name).getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(card(messaging.name)).toHaveCount(0);
  const edited = card(writing.name);
  await edited.getByRole('button', { name: 'Edit', exact: true }).click();
  await edited.getByRole('textbox', { name: 'Duration' }).fill('45m');
  await expect(edited).toContainText('0.75');
  await edited.getByRole('textbox', { name: 'Description' }).fill(`Adjournment: note to file and call with opposing counsel ${id}`);
  await edited.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(card(writing.name)).toHaveCount(0);

  // Each is time on its matter, billed in the firm's increment at the rate the admin bills there.
  for (const [matterId, minutes, rate] of [
    [readingId, 15, reading.rate],
    [writingId, 45, writing.rate],
    [messagingId, 4, messaging.rate],
  ] as const) {
    await page.goto(`/matter/${matterId}?activeTab=time`);
    const row = page.getByRole('row').filter({ hasText: money(rate) });
    await expect(row).toHaveCount(1);
    // The edited entry keeps the 45 minutes typed; the accepted ones were proposed already billed up.
    if (matterId === writingId) await expect(row).toContainText('0.75 h recorded');
    await expect(row).toContainText(money(proposed(minutes, increment) * rate));
  }
});
