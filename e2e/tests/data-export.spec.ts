import { readFile } from 'node:fs/promises';
// The API's zip library (a dependency of apps/api, hoisted to the root), as documents.spec.ts borrows pdfkit.
import JSZip from 'jszip';
import { expect, signInAsFirmUser, test, toastShownAndGone } from './support.ts';

/** A client of the demo firm: its row must be in the exported clients.csv. */
const DEMO_CLIENT = 'Kestrel Software Ltd';

test('an administrator exports all the firm’s data and opens the zip: records, documents and invoices', async ({ page }) => {
  // The demo firm's export takes seconds, up to a minute on a busy machine.
  test.setTimeout(240_000);
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings navigation' }).getByRole('link', { name: 'Export data' }).click();
  await expect(page).toHaveURL(/\/settings\/export$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Export data' })).toBeVisible();

  const exportAll = page.getByRole('button', { name: 'Export all data' });
  await expect(exportAll).toBeEnabled();
  // The export's id names its row: other exports may be listed beside it.
  const startAnswer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/admin/export/start' && response.request().method() === 'POST',
  );
  await exportAll.click();
  const started = await startAnswer;
  expect(started.status(), await started.text()).toBe(200);
  const { id } = ((await started.json()) as { data: { id: string } }).data;
  await toastShownAndGone(page, 'Your export has started. We will email you when it is ready.');

  const row = page.getByRole('table', { name: 'Recent exports' }).getByTestId(`data-export-${id}`);
  await expect(row).toContainText('Ready', { timeout: 120_000 });
  await expect(row).toContainText(/\d\.\d (KB|MB|GB)/);
  await expect(page.getByRole('progressbar', { name: 'Export progress' })).toHaveCount(0);
  await expect(exportAll).toBeEnabled();

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download export of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const path = test.info().outputPath('export.zip');
  await download.saveAs(path);

  const zip = await JSZip.loadAsync(await readFile(path));
  const names = Object.keys(zip.files);
  expect(names).toContain('README.txt');

  const clientsCsv = (await zip.file('data/clients.csv')!.async('string')).replace(/^\uFEFF/, '').trim();
  const [header, ...clientRows] = clientsCsv.split(/\r?\n/);
  expect(header?.split(',')).toContain('id');
  expect(clientRows.length).toBeGreaterThan(0);
  expect(clientsCsv).toContain(DEMO_CLIENT);

  const timeEntries: unknown = JSON.parse(await zip.file('data/time-entries.json')!.async('string'));
  expect(Array.isArray(timeEntries)).toBe(true);
  expect((timeEntries as unknown[]).length).toBeGreaterThan(0);

  expect(names.filter((name) => name.startsWith('documents/') && !zip.files[name]!.dir).length).toBeGreaterThan(0);
  const invoicePdfs = names.filter((name) => name.startsWith('invoices/') && name.endsWith('.pdf'));
  expect(invoicePdfs.length).toBeGreaterThan(0);
  expect((await zip.file(invoicePdfs[0]!)!.async('string')).startsWith('%PDF-')).toBe(true);
});
