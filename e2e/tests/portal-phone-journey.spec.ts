import { type Page } from '@playwright/test';
import { displayDate, emailedLink, expect, sendJourneyInvoice, signInAsFirmUser, test } from './support.ts';

const CLIENT_EMAIL = 'client@demo.law';
const hasNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('on a phone, a client signs in by emailed link, pays an invoice by bank transfer, downloads a document and messages the firm', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });

  // Sign in with a link instead of a password.
  await page.goto('/portal/demo/login');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByLabel('Email').fill(CLIENT_EMAIL);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('we have sent a link to sign in');
  await hasNoSidewaysScroll(page);
  const link = await emailedLink(CLIENT_EMAIL, /\/portal\/demo\/sign-in\/[\w-]{43}$/);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/portal\/demo\/[0-9a-f-]{36}\?activeTab=overview$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Kemi Adebayo' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    clientToken: localStorage.getItem('clientToken'),
    company: localStorage.getItem('company'),
  }));
  expect(stored.clientToken).toMatch(/^v1\./);
  expect(stored.company).toBe('demo');

  // The next court date comes first.
  const courtDates = page.getByRole('region', { name: 'Next court dates' });
  await expect(courtDates.getByText(/Hearing of the motion for interlocutory injunction/)).toBeVisible();
  await hasNoSidewaysScroll(page);
  const clientId = new URL(page.url()).pathname.split('/')[3]!;
  await page.getByRole('tab', { name: 'Matters' }).click();
  const matterId = await page.getByRole('combobox', { name: 'Matter' }).inputValue();

  // The firm sends an invoice of this journey's own.
  const firm = await browser.newContext();
  const firmPage = await firm.newPage();
  await firmPage.goto('/login');
  await signInAsFirmUser(firmPage, 'admin@demo.law');
  await expect(firmPage).toHaveURL(/\/dashboard$/);
  const { invoiceNumber, today } = await sendJourneyInvoice(firmPage, clientId, matterId);

  // The client opens it and reports the bank transfer with the receipt.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const card = page.getByRole('list', { name: 'Your invoices' }).getByRole('listitem').filter({ hasText: invoiceNumber });
  await card.getByRole('button', { name: `Details of ${invoiceNumber}` }).click();
  const report = card.getByRole('form', { name: 'Report a bank transfer' });
  await report.getByLabel('Date paid').fill(displayDate(today));
  await expect(report.getByLabel('Date paid')).toHaveValue(displayDate(today));
  await report.getByRole('textbox', { name: 'Bank reference' }).fill('NIP/PHONE/1');
  await report.locator('input[type="file"]').setInputFiles({
    name: 'receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await report.getByRole('button', { name: 'Report payment' }).click();
  await expect(card.getByText(/waiting for your firm to confirm it/)).toBeVisible();
  await hasNoSidewaysScroll(page);

  // The firm confirms it.
  await firmPage.goto('/billing/payment-reports');
  const waiting = firmPage.getByRole('list', { name: 'Reported payments' }).getByRole('listitem').filter({ hasText: invoiceNumber });
  await waiting.getByRole('button', { name: 'Confirm' }).click();
  await firmPage.getByRole('dialog', { name: 'Confirm this payment?' }).getByRole('button', { name: 'Confirm payment' }).click();
  await expect(waiting).toHaveCount(0);

  // The client sees it paid.
  await page.reload();
  const paid = page.getByRole('list', { name: 'Your invoices' }).getByRole('listitem').filter({ hasText: invoiceNumber });
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paid.getByText(/Balance ₦0\.00/)).toBeVisible();

  // A document the firm shared downloads.
  await page.getByRole('tab', { name: 'Documents' }).click();
  const documents = page.getByRole('list', { name: 'Your documents' });
  const download = page.waitForEvent('download');
  await documents.getByRole('button', { name: 'Download Letter of advice.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('Letter of advice.pdf');
  await hasNoSidewaysScroll(page);

  // The client writes; the firm answers on the matter; the client reads the answer.
  await page.getByRole('tab', { name: 'Messages' }).click();
  const question = `Did my transfer arrive? ${Date.now()}`;
  const form = page.getByRole('form', { name: 'Write a message' });
  await form.getByRole('textbox', { name: 'Message' }).fill(question);
  await form.getByRole('button', { name: 'Send' }).click();
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread.getByRole('article').filter({ hasText: question })).toContainText('Sent');
  const messagesMatterId = await page.getByRole('combobox', { name: 'Matter' }).inputValue();

  await firmPage.goto(`/matter/${messagesMatterId}?activeTab=messages`);
  const firmThread = firmPage.getByRole('log', { name: 'Messages' });
  await expect(firmThread.getByText(question)).toBeVisible();
  const answer = `Yes, it is confirmed. ${Date.now()}`;
  const firmForm = firmPage.getByRole('form', { name: 'Write a message' });
  await firmForm.getByRole('textbox', { name: 'Message' }).fill(answer);
  await firmForm.getByRole('button', { name: 'Send' }).click();
  await expect(firmThread.getByRole('article').filter({ hasText: answer })).toBeVisible();
  await firm.close();

  await page.reload();
  await expect(thread.getByText(answer)).toBeVisible();
  await hasNoSidewaysScroll(page);
});
