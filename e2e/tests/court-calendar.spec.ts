import { type Page } from '@playwright/test';
import { displayDate, expect, signInAsFirmUser, test, choose } from './support.ts';

// Seeded demo firm (apps/api/src/seed/demo-seed.ts): Ada Okafor is the administrator; Kestrel's
// employment claim is one of its matters and the Federal High Court one of its courts.
const ADMIN = 'admin@demo.law';
const MATTER = { client: 'Kestrel Software Ltd', matter: 'Employment tribunal – wrongful dismissal' };
const COURT = /^Federal High Court/;
const PHONE = { width: 390, height: 844 };

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await signInAsFirmUser(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openAddFromCreateNew(page: Page) {
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('menuitem', { name: 'Progress Update' }).click();
  await expect(page).toHaveURL(/\/progress-update\/add-progress-update$/);
}

async function globalSearch(page: Page, text: string, section: string) {
  await page.getByRole('textbox', { name: 'Global search' }).fill(text);
  await page.getByRole('option', { name: `${text} in ${section}` }).click();
}

test('a court update with a next adjourned date, added through Create New, reaches the dashboard, the calendar and its ICS feed; found, edited and viewed', async ({
  page,
}) => {
  const suitNumber = `FHC/L/CS/${stamp()}`;
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const nextDate = await page.evaluate(() => new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA'));
  await signInAs(page, ADMIN);

  // Create New → Progress Update opens the note form; the court update is the other kind of the same page.
  await openAddFromCreateNew(page);
  await page.getByRole('navigation', { name: 'Kind of progress update' }).getByRole('link', { name: 'Court update' }).click();
  await expect(page).toHaveURL(/iscourtupdate=true/);
  const form = page.getByRole('form', { name: 'New court update' });
  await choose(page, form, 'Client', 'Kestrel', MATTER.client, { firstOfMany: true });
  await choose(page, form, 'Matter', 'Employment', new RegExp(MATTER.matter), { firstOfMany: true });
  await choose(page, form, 'Court', 'Federal', COURT, { firstOfMany: true });
  await form.getByRole('textbox', { name: 'Suit number' }).fill(suitNumber);
  await form.getByRole('textbox', { name: 'Judge' }).fill('Hon. Justice A. O. Faji');
  await form.getByRole('combobox', { name: /^Hearing date/ }).fill(displayDate(today));
  await form.getByRole('textbox', { name: /^What happened/ }).fill('Motion for interlocutory injunction argued; ruling reserved.');
  await form.getByRole('combobox', { name: /^Next adjourned date/ }).fill(displayDate(nextDate));
  await form.getByRole('textbox', { name: /^Next adjourned time/ }).fill('10:30');
  await form.getByRole('textbox', { name: 'Purpose' }).fill('Ruling on the motion');
  await form.getByRole('button', { name: 'Save court update' }).click();

  // The view page leads with the next hearing.
  await expect(page).toHaveURL(/\/view\/court-update\?id=/);
  const viewUrl = page.url();
  await expect(page.getByText(suitNumber).first()).toBeVisible();
  await expect(page.getByText(displayDate(nextDate)).first()).toBeVisible();
  await expect(page.getByText('Ruling on the motion').first()).toBeVisible();

  // The dashboard's upcoming hearings: the firm's view shows it (the administrator is not on the matter).
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const hearings = page.getByRole('region', { name: 'Upcoming hearings' });
  await hearings.getByText('Firm', { exact: true }).click();
  await expect(hearings.getByRole('link', { name: `Court update ${suitNumber}` })).toBeVisible();

  // The court calendar shows it, and the subscription link is shown once and serves the hearing as ICS.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(page).toHaveURL(/\/calendar/);
  await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Agenda' }).click();
  await expect(page.getByRole('region', { name: 'Hearings calendar' }).getByRole('link', { name: new RegExp(suitNumber) })).toBeVisible();
  await page.getByRole('button', { name: 'Create subscription link' }).click();
  const link = page.getByRole('dialog').getByRole('textbox', { name: 'Subscription link' });
  await expect(link).toHaveValue(/\/api\/calendar\/[^/]+\.ics$/);
  const feed = await page.request.get(await link.inputValue());
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = await feed.text();
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(suitNumber);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The global search finds it among the court updates.
  await globalSearch(page, suitNumber, 'Court Updates');
  await expect(page).toHaveURL(/\/progress-update\?activeTab=court-update&search=/);
  const row = page.getByRole('row').filter({ hasText: suitNumber });
  await expect(row).toHaveCount(1);

  // Edit it from the list, then read it at /view/court-update.
  await row.getByRole('button', { name: /^Edit court update/ }).click();
  await expect(page).toHaveURL(/\/progress-update\/edit-court-update\//);
  const edit = page.getByRole('form', { name: 'Edit court update' });
  await edit.getByRole('textbox', { name: 'Purpose' }).fill('Ruling and adoption of final addresses');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(viewUrl);
  await expect(page.getByText('Ruling and adoption of final addresses').first()).toBeVisible();
});

test('a progress note written with formatting is saved sanitised, viewed, found by the global search and listed on its matter; the pages work at 390 px', async ({
  page,
}) => {
  const title = `Client call ${stamp()}`;
  await signInAs(page, ADMIN);
  await openAddFromCreateNew(page);
  const form = page.getByRole('form', { name: 'New progress note' });
  await choose(page, form, 'Client', 'Kestrel', MATTER.client, { firstOfMany: true });
  await choose(page, form, 'Matter', 'Employment', new RegExp(MATTER.matter), { firstOfMany: true });
  await form.getByRole('textbox', { name: /^Title/ }).fill(title);
  // The editor loads when the note field is entered; bold comes from its toolbar.
  await form.getByRole('textbox', { name: /^Note/ }).click();
  const editor = form.locator('.ProseMirror');
  await expect(editor).toBeVisible();
  await editor.pressSequentially('Client accepts the settlement terms. ');
  await page.keyboard.press('Control+b');
  await editor.pressSequentially('Deadline Friday');
  await form.getByRole('button', { name: 'Save progress note' }).click();

  await expect(page).toHaveURL(/\/view\/progress-note\?id=/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.locator('strong', { hasText: 'Deadline Friday' })).toBeVisible();

  // View pages have no top bar (SPEC.md §2): the search is used from the notes list.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Progress Update' }).click();
  await globalSearch(page, title, 'Progress Notes');
  await expect(page).toHaveURL(/\/progress-update\?activeTab=progress-notes&search=/);
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);

  await page.setViewportSize(PHONE);
  await page.getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL(/\/view\/progress-note\?id=/);
  const hasNoSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await hasNoSidewaysScroll()).toBe(true);
  await page.getByRole('link', { name: MATTER.matter }).first().click();
  await expect(page).toHaveURL(/\/matter\/[^/?]+/);
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  expect(await hasNoSidewaysScroll()).toBe(true);
});
