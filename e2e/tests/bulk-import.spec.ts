import { readFile } from 'node:fs/promises';
import { expect, signInAsFirmUser, test } from './support.ts';

test('an administrator imports a client CSV with a mapping: a dry run, the import, the failed row as CSV, the clients listed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString();
  const company = `Harbourline Freight ${stamp} Ltd`;
  const person = `Temitope Importer${stamp}`;
  const fileName = `clients-${stamp}.csv`;
  // "Org" is no header the matching knows: the office manager maps it to Company name. Row 4 is a company without its name.
  const csv = [
    'Type,First name,Last name,Org,Email',
    `Company,,,${company},legal.${stamp}@e2e.example`,
    `Person,Temitope,Importer${stamp},,temitope.${stamp}@e2e.example`,
    `Company,,,,nameless.${stamp}@e2e.example`,
  ].join('\r\n');

  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings navigation' }).getByRole('link', { name: 'Import data' }).click();
  await expect(page).toHaveURL(/\/settings\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import data' })).toBeVisible();

  // 1. What and file.
  await expect(page.getByRole('heading', { level: 2, name: 'What and file' })).toBeVisible();
  const fileForm = page.getByRole('form', { name: 'Choose the file' });
  await fileForm.getByRole('combobox', { name: 'What does the file hold?' }).selectOption({ label: 'Clients' });
  await fileForm.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await fileForm.getByRole('button', { name: 'Upload' }).click();

  // 2. Columns: matched by header, but for Org.
  await expect(page.getByRole('heading', { level: 2, name: 'Columns' })).toBeVisible();
  const columns = page.getByRole('form', { name: 'Match the columns' });
  await expect(columns.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('Type');
  await expect(columns.getByRole('combobox', { name: 'First name', exact: true })).toHaveValue('First name');
  await expect(columns.getByRole('combobox', { name: 'Email', exact: true })).toHaveValue('Email');
  const companyName = columns.getByRole('combobox', { name: 'Company name', exact: true });
  await expect(companyName).toHaveValue('');
  await companyName.selectOption({ label: 'Org' });
  await columns.getByRole('button', { name: 'Save mapping and check' }).click();

  // 3. The dry run: nothing written, two to create, the nameless company refused.
  await expect(page.getByRole('heading', { level: 2, name: 'Dry run report' })).toBeVisible();
  await expect(page.getByText('Nothing has been written yet.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Dry run counts' }).getByRole('listitem')).toHaveText([
    '2 will be created',
    '0 duplicates skipped',
    '1 invalid',
  ]);
  const invalidRow = page.getByRole('table', { name: 'Rows to review' }).getByRole('row').filter({ hasText: 'Invalid' });
  await expect(invalidRow).toHaveCount(1);
  await expect(invalidRow.getByRole('cell')).toHaveText(['4', 'Invalid', 'A company needs its company name']);

  // 4. The import, in the background; its result once done.
  await page.getByRole('button', { name: 'Import 2 records' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Import', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Import results' }).getByRole('listitem')).toHaveText([
    '2 created',
    '0 skipped: already in Matterhorn or in the file twice',
    '1 failed',
  ]);
  await expect(page.getByText('Fix them and upload the file again: rows already imported are skipped.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Recent imports' }).getByRole('row').filter({ hasText: fileName })).toContainText(
    '2 created · 0 skipped · 1 failed',
  );

  // The failed row as CSV: the file's columns and why.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the rows that failed (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`clients-${stamp}-errors.csv`);
  const [header, ...rows] = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(header?.split(',')).toEqual(['Type', 'First name', 'Last name', 'Org', 'Email', 'error']);
  expect(rows).toEqual([`Company,,,,nameless.${stamp}@e2e.example,A company needs its company name`]);

  // The clients are the firm's now.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/\/clients\/list/);
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(company);
  await expect(page.getByRole('table', { name: 'Clients' }).getByRole('link', { name: company })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(`Importer${stamp}`);
  await expect(page.getByRole('table', { name: 'Clients' }).getByRole('link', { name: person })).toBeVisible();
});
