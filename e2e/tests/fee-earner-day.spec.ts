import type { Page } from '@playwright/test';
import { choose, displayDate, expect, firmApi, headerTimer, resetTimer, signInAsFirmUser, test } from './support.ts';

// Seeded demo firm (apps/api/src/seed/demo-tasks.ts): the fee earner has a task due later today.
const FEE_EARNER = 'feeearner@demo.law'; // Tunde Bakare
const MATTER = { client: 'Kestrel Software Ltd', matter: 'Employment tribunal – wrongful dismissal' };
const OTHER_MATTER = { client: 'Sahel Agro Holdings Plc', matter: 'Personal injury claim – road accident' };
const ACTIVITY = 'Research (A102)';

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const menu = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label, exact: true }).click();

/** Escape on a form with typing asks first; Keep editing leaves every word where it was. */
async function escapeKeepsTyping(page: Page) {
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toHaveCount(0);
}

test("a fee earner's day: the tasks due today, a task billed on the timer while a second timer waits, a weekly meeting made and moved by keyboard, and forms that never drop what was typed", async ({
  page,
}) => {
  await page.goto('/login');
  await signInAsFirmUser(page, FEE_EARNER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await resetTimer(page);
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));

  // The dashboard opens on the day's work.
  await expect(page.getByRole('region', { name: 'My tasks' }).getByText('Brief counsel on the adjournment')).toBeVisible();

  // A task for today on a matter; Escape halfway asks before losing it.
  const taskTitle = unique('Prepare the trial bundle');
  await menu(page, 'Tasks');
  await page.getByRole('button', { name: 'New task' }).click();
  const taskForm = page.getByRole('dialog', { name: 'New task' });
  await taskForm.getByRole('textbox', { name: /^Title/ }).fill(taskTitle);
  await escapeKeepsTyping(page);
  await expect(taskForm.getByRole('textbox', { name: /^Title/ })).toHaveValue(taskTitle);
  await choose(page, taskForm, 'Client', 'Kestrel', MATTER.client);
  await choose(page, taskForm, 'Matter', 'Employment', new RegExp(MATTER.matter));
  await taskForm.getByRole('combobox', { name: 'Due date' }).fill(displayDate(today));
  await taskForm.getByRole('button', { name: 'Save task' }).click();
  await expect(taskForm).toHaveCount(0);

  // Bill this: the timer starts for the task's matter, and stopping it fills the entry in.
  await page.getByRole('button', { name: `Start timer: ${taskTitle}` }).click();
  const timer = headerTimer(page);
  await expect(timer.button('Pause')).toBeVisible();
  await expect.poll(timer.seconds, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

  // Several timers: a second one, for another matter, runs while the task's waits; one click switches back.
  const secondTimer = unique('Call the insurer');
  const timersMenu = page.getByRole('button', { name: /^Timers/ });
  await timersMenu.click();
  await page.getByRole('menuitem', { name: 'New timer' }).click();
  const newTimer = page.getByRole('dialog', { name: 'New timer' });
  await choose(page, newTimer, 'Client', 'Sahel', OTHER_MATTER.client);
  await choose(page, newTimer, 'Matter', 'Personal', new RegExp(OTHER_MATTER.matter));
  await newTimer.getByRole('textbox', { name: 'Description' }).fill(secondTimer);
  await newTimer.getByRole('button', { name: 'Start timer' }).click();
  await expect(newTimer).toHaveCount(0);
  await expect(timer.button('Pause')).toBeVisible();
  await timersMenu.click();
  await page.getByRole('menuitem', { name: new RegExp(taskTitle) }).click();
  await expect(timer.button('Pause')).toBeVisible();
  await expect.poll(timer.seconds, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

  await timer.button('Stop').click();
  const entry = page.getByRole('dialog', { name: 'New Time Entry' });
  await expect(entry.getByLabel('Description')).toHaveValue(taskTitle);
  await expect(entry.getByRole('combobox', { name: 'Matter', exact: true })).toContainText(MATTER.matter);
  await choose(page, entry, 'Activity Type', 'Research', ACTIVITY);
  await entry.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(entry).toHaveCount(0);
  await expect(timer.button('Start Timer')).toBeVisible();
  // The second timer waits in the menu; discarded, so the next run starts as this one did.
  await timersMenu.click();
  await expect(page.getByRole('menuitem', { name: new RegExp(secondTimer) })).toBeVisible();
  await page.keyboard.press('Escape');
  const kept = await firmApi<{ id: string; description: string }[]>(page, 'GET', '/admin/time-entry-log/get-timers');
  await firmApi(page, 'DELETE', `/admin/time-entry-log/delete-timer/${kept.find((left) => left.description === secondTimer)!.id}`);

  // A weekly meeting on the calendar, moved an hour later with the keyboard alone.
  const meeting = unique('Weekly team meeting');
  await menu(page, 'Calendar');
  await page.getByRole('button', { name: 'New event' }).click();
  const eventForm = page.getByRole('dialog', { name: 'New event' });
  await eventForm.getByRole('textbox', { name: /^Title/ }).fill(meeting);
  await escapeKeepsTyping(page);
  await eventForm.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Every week', exact: true }).click();
  const startTime = await eventForm.getByRole('textbox', { name: /^Start time/ }).inputValue();
  await eventForm.getByRole('button', { name: 'Save event' }).click();
  await expect(eventForm).toHaveCount(0);

  await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Agenda' }).click();
  const calendar = page.getByRole('region', { name: 'Hearings calendar' });
  // Every week of the agenda's 30 days shows it.
  await expect(calendar.getByRole('link', { name: `${startTime} ${meeting}` })).toHaveCount(5);
  await calendar
    .getByRole('link', { name: `${startTime} ${meeting}` })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  const editForm = page.getByRole('dialog', { name: 'Edit event' });
  await expect(editForm.getByRole('textbox', { name: /^Title/ })).toHaveValue(meeting);
  await editForm.getByRole('button', { name: 'Move an hour later' }).focus();
  await page.keyboard.press('Enter');
  await expect(editForm.getByRole('status')).toContainText('Moved an hour later');
  await editForm.getByRole('button', { name: 'Save changes' }).focus();
  await page.keyboard.press('Enter');
  await expect(editForm).toHaveCount(0);
  const later = `${String((Number(startTime.slice(0, 2)) + 1) % 24).padStart(2, '0')}${startTime.slice(2)}`;
  await expect(calendar.getByRole('link', { name: `${later} ${meeting}` }).first()).toBeVisible();
  await expect(calendar.getByRole('link', { name: `${startTime} ${meeting}` })).toHaveCount(0);

  // A page form: leaving it through the menu asks first, and Discard goes.
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('menuitem', { name: 'Expense' }).click();
  const expense = page.getByRole('form', { name: 'Add expense' });
  await expense.getByRole('textbox', { name: 'Description' }).fill('Taxi to the High Court');
  await menu(page, 'Dashboard');
  const question = page.getByRole('dialog', { name: 'Discard changes?' });
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(expense.getByRole('textbox', { name: 'Description' })).toHaveValue('Taxi to the High Court');
  await menu(page, 'Dashboard');
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
