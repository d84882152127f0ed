import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { choose, emailedLink, expect, signInAsFirmUser, test, toastShownAndGone } from './support.ts';

// Issue 37's journey: the report centre opened, a figure drilled down to its entries and back, the
// report downloaded as CSV and PDF, a preset saved, scheduled and sent (the email is in the outbox),
// and the dashboard's figure checked against the report it opens.
const ADMIN = 'admin@demo.law';

/** The file a click downloads, as text. */
async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'latin1') };
}

test('reports: drill down from a total to its entries, download CSV and PDF, save, schedule and send a preset, and find the dashboard’s figure in its report', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const presetName = `Unbilled work ${Date.now().toString(36)}`;
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The dashboard's work in progress, then the report it opens: the same figure.
  const card = page.getByRole('region', { name: 'Work in progress' });
  await expect(card).toContainText('NGN');
  const figure = (await card.getByText(/^NGN /).textContent())!.replace('NGN ', '');
  await card.getByRole('link', { name: 'Open the report' }).click();
  await expect(page.getByRole('heading', { name: 'Work in progress', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Work in progress' });
  const totalRow = table.locator('tfoot tr').first();
  await expect(totalRow).toContainText('Total NGN');
  await expect(totalRow.getByRole('cell').last()).toHaveText(figure);
  await expect(page.getByRole('list', { name: 'Checks' }).getByText('Pass').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Checks' }).getByText('Fail')).toHaveCount(0);

  // The total opens every entry behind it; back to the summary as it was.
  await totalRow.getByRole('link', { name: `${figure}: Total, open the entries` }).click();
  await expect(page.getByRole('heading', { name: 'Work in progress: entries', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Work in progress' }).locator('tbody tr').first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to the summary' }).click();
  await expect(page.getByRole('heading', { name: 'Work in progress', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/reports\/work-in-progress\?$|\/reports\/work-in-progress$/);

  // The files hold what the screen shows.
  const csv = await downloaded(page, 'Download CSV');
  expect(csv.name).toMatch(/^work-in-progress-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text).toContain('90+ days,Total');
  expect(csv.text).toMatch(/^\W*Fee earner,/);
  expect(csv.text).toContain(`Total NGN`);
  const pdf = await downloaded(page, 'Download PDF');
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.text.startsWith('%PDF-')).toBe(true);

  // A row per fee earner by default; grouped by matter and fee earner, the same total.
  await choose(page, page, 'Group by', 'Matter', 'Matter and fee earner');
  await expect(page).toHaveURL(/GroupBy=matter/);
  await expect(table.getByRole('columnheader', { name: 'Matter' })).toBeVisible();
  await expect(totalRow.getByRole('cell').last()).toHaveText(figure);
  await choose(page, page, 'Group by', 'Fee', /^Fee earner$/);
  await expect(table.getByRole('columnheader', { name: 'Matter' })).toHaveCount(0);

  // A preset: saved, chosen, scheduled monthly to the partner, and sent now.
  await page.getByRole('button', { name: 'Save preset' }).click();
  const save = page.getByRole('dialog', { name: 'Save preset' });
  await save.getByRole('textbox', { name: 'Name' }).fill(presetName);
  await save.getByRole('button', { name: 'Save preset' }).click();
  await expect(save).toBeHidden();
  await toastShownAndGone(page, 'Preset saved');
  await choose(page, page, 'Preset', presetName, presetName);
  await page.getByRole('button', { name: 'Schedule' }).click();
  const schedule = page.getByRole('dialog', { name: `Schedule “${presetName}”` });
  await schedule.getByRole('combobox', { name: 'Send' }).selectOption('monthly');
  await choose(page, schedule, 'Recipients', 'Ada', 'Ada Okafor');
  await page.keyboard.press('Escape');
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(schedule).toBeHidden();
  await toastShownAndGone(page, 'Preset scheduled');
  await page.getByRole('button', { name: 'Send now' }).click();
  await toastShownAndGone(page, 'Report sent');
  expect(await emailedLink(ADMIN, /\/reports\/work-in-progress/)).toContain('/reports/work-in-progress');
});
