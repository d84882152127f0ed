import { AxeBuilder } from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test, DEMO_PASSWORD, displayDate, firmApi, signInAsFirmUser } from './support.ts';

async function portalSignIn(page: Page) {
  await page.goto('/portal/demo/login');
  await page.getByLabel('Email').fill('client@demo.law');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal\/demo\/[0-9a-f-]{36}\?activeTab=overview$/);
}

/** The portal's tabs share one path, so the journey's own axe watch sees only the first: each tab is checked here. */
async function expectNoSeriousAxeFindings(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect(serious, 'axe-core finds no serious or critical issue').toEqual([]);
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('on a phone, a client sees their balances, pays a trust request by reported transfer the firm confirms, and reads their statement', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await portalSignIn(page);
  const clientId = new URL(page.url()).pathname.split('/')[3]!;

  // The overview: what Kemi owes and what is held for her; her matters as cards, nothing scrolling sideways.
  await expect(page.getByRole('region', { name: 'Balance due' }).getByText(/₦|Nothing to pay/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Held in trust' }).getByText(/₦/).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your matters' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your matters' })).toBeHidden();
  await noSidewaysScroll(page);
  await expectNoSeriousAxeFindings(page);

  // The firm asks Kemi for a further retainer and sends the request.
  await page.getByRole('tab', { name: 'Matters' }).click();
  const matterId = await page.getByRole('combobox', { name: 'Matter' }).inputValue();
  const firm = await browser.newContext();
  const firmPage = await firm.newPage();
  await firmPage.goto('/login');
  await signInAsFirmUser(firmPage, 'admin@demo.law');
  await expect(firmPage).toHaveURL(/\/dashboard$/);
  const [account] = await firmApi<{ id: string }[]>(firmPage, 'GET', '/admin/trust-account/get-trust-accounts');
  const today = await firmPage.evaluate(() => new Date().toLocaleDateString('en-CA'));
  // Due in a week: the browser's today is the Lagos firm's yesterday between 23:00 and midnight UTC,
  // and a request due in the past is refused.
  const dueDate = await firmPage.evaluate(() => new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-CA'));
  const created = await firmApi<{ id: string; requestNumber: string }>(firmPage, 'POST', '/admin/trust-account/create-trust-request', {
    trustAccountId: account!.id,
    clientId,
    matterId,
    amount: '120000.00',
    dueDate,
    note: `Court fees deposit ${Date.now()}`,
  });
  await firmApi(firmPage, 'POST', `/admin/trust-account/send-trust-request/${created.id}`, {});

  // Kemi reads how to pay it and reports her transfer with the bank's receipt.
  await page.getByRole('tab', { name: 'Trust' }).click();
  const card = page.getByRole('list', { name: 'Your trust requests' }).getByRole('listitem').filter({ hasText: created.requestNumber });
  const howToPay = card.getByRole('region', { name: `How to pay ${created.requestNumber}` });
  await expect(howToPay.getByText(`Quote the reference ${created.requestNumber}`)).toBeVisible();
  await expect(howToPay.getByText(/Zenith Bank/).first()).toBeVisible();
  const report = card.getByRole('form', { name: 'Report a bank transfer' });
  await report.getByLabel('Date paid').fill(displayDate(today));
  await expect(report.getByLabel('Date paid')).toHaveValue(displayDate(today));
  await report.getByRole('textbox', { name: 'Bank reference' }).fill(created.requestNumber);
  await report.locator('input[type="file"]').setInputFiles({
    name: 'receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await report.getByRole('button', { name: 'Report payment' }).click();
  await expect(card.getByText(/waiting for your firm to confirm it/)).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoSeriousAxeFindings(page);

  // The firm confirms it on Billing → Reported Payments: a deposit into trust against the request.
  await firmPage.goto('/billing/payment-reports');
  const waiting = firmPage
    .getByRole('list', { name: 'Reported payments' })
    .getByRole('listitem')
    .filter({ hasText: created.requestNumber });
  await waiting.getByRole('button', { name: 'Confirm' }).click();
  const dialog = firmPage.getByRole('dialog', { name: 'Confirm this payment?' });
  await expect(dialog.getByText(/deposited into trust/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(waiting).toHaveCount(0);
  await firm.close();

  // Kemi sees the request paid, and the deposit in her statement of account, which downloads as a PDF.
  await page.reload();
  const paid = page.getByRole('list', { name: 'Your trust requests' }).getByRole('listitem').filter({ hasText: created.requestNumber });
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const statement = page.getByRole('region', { name: 'Statement of account' });
  const lines = statement.getByRole('list', { name: 'Statement lines' });
  await expect(lines.getByRole('listitem').filter({ hasText: '₦120,000.00' }).last()).toBeVisible();
  await expect(statement.getByText('Closing: held in trust')).toBeVisible();
  // The statement for today alone: the period is typed DD/MM/YYYY and the deposit, dated today, is in it.
  for (const bound of ['From', 'To']) {
    await statement.getByLabel(bound).fill(displayDate(today));
    await expect(statement.getByLabel(bound)).toHaveValue(displayDate(today));
  }
  await expect(
    lines
      .getByRole('listitem')
      .filter({ hasText: '₦120,000.00' })
      .filter({ hasText: displayDate(today) })
      .last(),
  ).toBeVisible();
  const pdf = page.waitForEvent('download');
  await statement.getByRole('button', { name: 'Download statement PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^statement-of-account-\d{4}-\d{2}-\d{2}\.pdf$/);
  await noSidewaysScroll(page);
  await expectNoSeriousAxeFindings(page);
});
