import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4421';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
for (const [width, height] of [[1440, 900], [390, 844]]) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill('admin@demo.law');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Matterhorn-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/dashboard/);
  await page.goto(`${base}/billing/flat-fees`);
  await page.getByRole('table', { name: 'Flat fees' }).waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/flat-fee-shots/list-${width}.png`, fullPage: true });
  await page.goto(`${base}/billing/flat-fees/add-new-flat-fee`);
  await page.getByRole('form', { name: 'New flat fee' }).waitFor();
  await page.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.locator('input[placeholder="Search"]:visible').fill('Lagoon');
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Matter', exact: true }).click();
  await page.getByRole('option', { name: /Share purchase/ }).click();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/flat-fee-shots/add-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save flat fee' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/flat-fee-shots/add-errors-${width}.png`, fullPage: true });
  const matterId = (await page.evaluate(async () => {
    const t = localStorage.getItem('token');
    const r = await fetch('/api/admin/expense-flat-fees-info/get-flat-fees-list?size=1', { headers: { Authorization: `Bearer ${t}` } });
    return (await r.json()).data.data[0].matterId;
  }));
  await page.goto(`${base}/matter/${matterId}?activeTab=expenses`);
  await page.getByTestId('matter-expenses-tab').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/flat-fee-shots/matter-tab-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
