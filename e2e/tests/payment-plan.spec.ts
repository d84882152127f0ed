import { type Page } from '@playwright/test';
import { expect, test, DEMO_PASSWORD, firmApi, sendJourneyInvoice, signInAsFirmUser } from './support.ts';

async function portalSignIn(page: Page) {
  await page.goto('/portal/demo/login');
  await page.getByLabel('Email').fill('client@demo.law');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal\/demo\/[0-9a-f-]{36}\?activeTab=overview$/);
}

test('the firm puts an invoice on a payment plan of equal monthly parts; the client pays the first instalment online on the portal and the second from the invoice’s emailed link, and the plan shows them paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The firm sends Kemi an invoice of ₦21,500.00 (₦20,000 and VAT) and opens it.
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  const client = await browser.newContext();
  const portal = await client.newPage();
  await portal.setViewportSize({ width: 390, height: 844 });
  await portalSignIn(portal);
  const clientId = new URL(portal.url()).pathname.split('/')[3]!;
  await portal.getByRole('tab', { name: 'Matters' }).click();
  const matterId = await portal.getByRole('combobox', { name: 'Matter' }).inputValue();
  const { invoiceNumber } = await sendJourneyInvoice(page, clientId, matterId);
  const listed = await firmApi<{ data: { id: string; invoiceNumber: string }[] }>(
    page,
    'GET',
    `/admin/invoice/get-invoice-list?GeneralSearchText=${invoiceNumber}`,
  );
  const invoiceId = listed.data.find((row) => row.invoiceNumber === invoiceNumber)!.id;
  await page.goto(`/billing/invoices/${invoiceId}`);

  // Three equal monthly parts from today; a wrong amount is shown with the difference before saving.
  const card = page.getByRole('region', { name: 'Payment plan' });
  await card.getByRole('button', { name: 'Set up a payment plan' }).click();
  await card.getByRole('button', { name: 'Fill in equal parts' }).click();
  const third = card.getByRole('textbox', { name: 'Instalment 3 amount' });
  await third.fill('7000');
  await expect(card.getByText('The instalments add up to 21,333.32, 166.68 less than the balance of 21,500.00')).toBeVisible();
  await card.getByRole('button', { name: 'Fill in equal parts' }).click();
  await expect(card.getByText(/add up to the balance: ₦21,500\.00 of ₦21,500\.00/)).toBeVisible();
  await card.getByRole('button', { name: 'Save plan' }).click();
  const instalments = card.getByRole('table', { name: 'Instalments' });
  await expect(instalments.getByRole('row')).toHaveCount(4);
  await expect(instalments.getByRole('row').nth(1)).toContainText('₦7,166.66');
  await expect(instalments.getByRole('row').nth(3)).toContainText('₦7,166.68');
  await expect(card.getByText('Next: ₦7,166.66 due')).toBeVisible();

  // On the portal the client's Pay online proposes the first instalment, and she pays it on Paystack's page.
  await portal.getByRole('tab', { name: 'Invoices' }).click();
  const invoiceCard = portal.getByRole('list', { name: 'Your invoices' }).getByRole('listitem').filter({ hasText: invoiceNumber });
  await invoiceCard.getByRole('button', { name: 'Pay online for this invoice' }).click();
  await expect(invoiceCard.getByRole('textbox', { name: /Amount to pay/ })).toHaveValue('7166.66');
  await expect(invoiceCard.getByText(/Your next instalment: ₦7,166\.66 due .*; you can pay more, up to ₦21,500\.00/)).toBeVisible();
  // She lets Paystack keep the card for the instalments to come.
  await invoiceCard.getByRole('checkbox', { name: /^Keep this card and charge my payment plans’ instalments/ }).check();
  await invoiceCard.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(portal.getByRole('heading', { name: 'Pay Matterhorn' })).toBeVisible();
  await portal.getByRole('button', { name: 'Pay ₦7,166.66' }).click();
  await expect(portal).toHaveURL(/payment=returned/);

  // The webhook recorded the payment on the invoice: the first instalment is paid, the second is next.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table', { name: 'Instalments' }).getByRole('row').nth(1)).toContainText('Paid', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Next: ₦7,166.66 due')).toBeVisible();

  // The client sees the plan on the invoice's details, the first instalment paid.
  await portal.getByRole('tab', { name: 'Invoices' }).click();
  const paidCard = portal.getByRole('list', { name: 'Your invoices' }).getByRole('listitem').filter({ hasText: invoiceNumber });
  await paidCard.getByRole('button', { name: /^Details of / }).click();
  const schedule = paidCard.getByRole('table', { name: 'Payment plan instalments' });
  await expect(schedule.getByRole('row').nth(1)).toContainText('Paid');
  await expect(schedule.getByRole('row').nth(2)).toContainText('(next)');
  expect(await portal.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The card she agreed to just now is the one the firm will charge on the next due dates; she can stop it on the portal.
  const plans = await firmApi<{ automaticPayment: { description: string; consentedAt: string } | null }>(
    page,
    'GET',
    `/admin/payment-plans/get-invoice-plans/${invoiceId}`,
  );
  expect(plans.automaticPayment?.description).toBe('Visa ending 4081');
  expect(Date.now() - Date.parse(plans.automaticPayment!.consentedAt)).toBeLessThan(10 * 60_000);
  await expect(page.getByRole('region', { name: 'Automatic payment' })).toContainText('Visa ending 4081, agreed by the client on');
  const automatic = portal.getByRole('region', { name: 'Automatic payments' });
  await expect(automatic.getByText(/^Visa ending 4081 · agreed by /)).toHaveCount(1);
  await automatic.getByRole('button', { name: 'Stop automatic payments with Visa ending 4081' }).click();
  await portal.getByRole('dialog').getByRole('button', { name: 'Stop automatic payments' }).click();
  await expect(automatic).toBeHidden();
  await client.close();

  // The invoice's emailed link pays the second instalment for whoever holds it, without signing in.
  const link = await firmApi<{ url: string | null }>(page, 'GET', `/admin/invoice/get-invoice-link/${invoiceId}`);
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(new URL(link.url!).pathname);
  await expect(publicPage.getByText(/Next instalment: ₦7,166\.66 due/)).toBeVisible();
  await publicPage.getByRole('button', { name: 'Pay online for this invoice' }).click();
  await expect(publicPage.getByRole('textbox', { name: /Amount to pay/ })).toHaveValue('7166.66');
  await publicPage.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(publicPage.getByRole('heading', { name: 'Pay Matterhorn' })).toBeVisible();
  await publicPage.getByRole('button', { name: 'Pay ₦7,166.66' }).click();
  await expect(publicPage).toHaveURL(/\/billing\/invoice\/[A-Za-z0-9_-]{22}\?payment=returned$/);
  await expect(publicPage.getByText('Payment received by the gateway: it shows here once confirmed')).toBeVisible();
  // The webhook recorded it: the third instalment is next, on the page and in the firm's plan.
  await expect(async () => {
    await publicPage.reload();
    await expect(publicPage.getByText(/Next instalment: ₦7,166\.68 due/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole('table', { name: 'Instalments' }).getByRole('row').nth(2)).toContainText('Paid');
  await expect(page.getByText('Next: ₦7,166.68 due')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Automatic payment' })).toContainText('No saved card');
  await visitor.close();
});
