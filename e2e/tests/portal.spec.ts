import { type Page } from '@playwright/test';
import { expect, test, DEMO_PASSWORD, emailedLink, signInAsFirmUser, uniqueEmail } from './support.ts';

async function portalSignIn(page: Page, slug: string, email: string) {
  await page.goto(`/portal/${slug}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test("a client signs in to the demo firm's portal and sees their own overview", async ({ page }) => {
  await portalSignIn(page, 'demo', 'client@demo.law');
  await expect(page).toHaveURL(/\/portal\/demo\/[0-9a-f-]{36}\?activeTab=overview$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Kemi Adebayo' })).toBeVisible();
  await expect(page.getByText('Firm: Adebayo & Partners (Demo)')).toBeVisible();
  // Their own matters, with status and fee earners.
  const matters = page.getByRole('table', { name: 'Your matters' });
  await expect(matters.getByRole('row')).not.toHaveCount(0);
  await expect(matters.getByRole('columnheader', { name: 'Fee earners' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    clientToken: localStorage.getItem('clientToken'),
    company: localStorage.getItem('company'),
  }));
  expect(stored).toMatchObject({ token: '', company: 'demo' });
  expect(stored.clientToken).toMatch(/^v1\./);

  // The client token opens nothing on the firm side.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('on a phone, a client sees their next court date first and reads the court updates and notes shared on their matter', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await portalSignIn(page, 'demo', 'client@demo.law');
  // The demo firm shared the hearing of the injunction motion (three days ahead) on Kemi's first matter.
  const courtDates = page.getByRole('region', { name: 'Next court dates' });
  await expect(courtDates.getByText(/Hearing of the motion for interlocutory injunction/)).toBeVisible();
  await expect(courtDates.getByText(/Suit LD\/1123GCM\/2025/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('tab', { name: 'Matters' }).click();
  await expect(page).toHaveURL(/activeTab=matters/);
  const shared = page.getByRole('article');
  await expect(shared.filter({ hasText: 'LD/1123GCM/2025' }).first()).toBeVisible();
  await expect(shared.filter({ hasText: 'Progress note' }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The demo firm sent Kemi an invoice: its balance shows, its details say how to pay, its PDF downloads.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const invoices = page.getByRole('list', { name: 'Your invoices' });
  const firstInvoice = invoices.getByRole('listitem').first();
  await expect(firstInvoice.getByText(/Balance ₦/)).toBeVisible();
  await firstInvoice.getByRole('button', { name: /^Details of / }).click();
  await expect(firstInvoice.getByText(/^For: /)).toBeVisible();
  const invoicePdf = page.waitForEvent('download');
  await firstInvoice.getByRole('button', { name: /as PDF$/ }).click();
  expect((await invoicePdf).suggestedFilename()).toMatch(/^INV-\d+\.pdf$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The retainer the demo firm holds for Kemi, and its movements with the balance after each.
  await page.getByRole('tab', { name: 'Trust' }).click();
  await expect(page.getByRole('region', { name: 'Held in trust for you' }).getByText(/₦/).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Trust movements' }).getByText('Deposit').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The letter of advice the demo firm shared downloads; a file sent back lands in the list as the client's own.
  await page.getByRole('tab', { name: 'Documents' }).click();
  const documents = page.getByRole('list', { name: 'Your documents' });
  await expect(documents.getByText('Letter of advice.pdf')).toBeVisible();
  const download = page.waitForEvent('download');
  await documents.getByRole('button', { name: 'Download Letter of advice.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('Letter of advice.pdf');
  const fileName = `Proof ${Date.now()}.pdf`;
  const form = page.getByRole('form', { name: 'Send a file to your firm' });
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText(`${fileName} was sent to your firm.`)).toBeVisible();
  await expect(documents.getByText(fileName)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a client and the firm exchange secure messages on a matter, each seeing the other read them', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await portalSignIn(page, 'demo', 'client@demo.law');
  await page.getByRole('tab', { name: 'Messages' }).click();
  const question = `Is the hearing still on? ${Date.now()}`;
  const form = page.getByRole('form', { name: 'Write a message' });
  await form.getByRole('textbox', { name: 'Message' }).fill(question);
  // With a file: uploaded (checked and scanned) as soon as it is chosen, sent with the message.
  const clientFile = `summons-${Date.now()}.pdf`;
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: clientFile, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(form.getByRole('list', { name: 'Attached files' })).toContainText(clientFile);
  await form.getByRole('button', { name: 'Send' }).click();
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread.getByRole('article').filter({ hasText: question })).toContainText('Sent');
  await expect(thread.getByRole('article').filter({ hasText: question })).toContainText(clientFile);
  const matterId = await page.getByRole('combobox', { name: 'Matter' }).inputValue();

  // The fee earner reads it on the matter's Messages tab and answers.
  const firm = await browser.newContext();
  const firmPage = await firm.newPage();
  await firmPage.goto('/login');
  await signInAsFirmUser(firmPage, 'admin@demo.law');
  await expect(firmPage).toHaveURL(/\/dashboard$/);
  await firmPage.goto(`/matter/${matterId}?activeTab=messages`);
  const firmThread = firmPage.getByRole('log', { name: 'Messages' });
  await expect(firmThread.getByText(question)).toBeVisible();
  // The client's file downloads for the firm (no scanner runs here: CLAMD_URL is unset, so it is available at once).
  const received = firmThread.getByRole('article').filter({ hasText: question });
  const clientDownload = firmPage.waitForEvent('download');
  await received.getByRole('button', { name: `Download ${clientFile}` }).click();
  expect((await clientDownload).suggestedFilename()).toBe(clientFile);
  const answer = `Yes, 10:00 at the High Court. ${Date.now()}`;
  const firmForm = firmPage.getByRole('form', { name: 'Write a message' });
  await firmForm.getByRole('textbox', { name: 'Message' }).fill(answer);
  const firmFile = `hearing-notice-${Date.now()}.png`;
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  await firmForm.locator('input[type="file"]').setInputFiles({ name: firmFile, mimeType: 'image/png', buffer: png });
  await expect(firmForm.getByRole('list', { name: 'Attached files' })).toContainText(firmFile);
  await firmForm.getByRole('button', { name: 'Send' }).click();
  await expect(firmThread.getByRole('article').filter({ hasText: answer })).toContainText(firmFile);
  await firm.close();

  // The client sees the answer, and that the firm read the question.
  await page.reload();
  await expect(thread.getByText(answer)).toBeVisible();
  const firmDownload = page.waitForEvent('download');
  await thread
    .getByRole('article')
    .filter({ hasText: answer })
    .getByRole('button', { name: `Download ${firmFile}` })
    .click();
  expect((await firmDownload).suggestedFilename()).toBe(firmFile);
  await expect(thread.getByRole('article').filter({ hasText: question })).toContainText('Read by Adebayo & Partners (Demo)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a client cannot sign in on another firm's portal", async ({ page, request }) => {
  // A second firm, set up through the API as its founder would.
  const email = uniqueEmail('second');
  const slug = `second-${Date.now()}`;
  const signup = await request.post('/api/auth/signup', {
    data: { firmName: 'Second Firm', name: 'Second Founder', email, password: 'a-long-enough-password' },
  });
  expect(signup.status()).toBe(201);
  const link = await emailedLink(email);
  // The verification link signs the founder in.
  const verified = await request.post('/api/auth/verify-email', { data: { token: new URL(link).searchParams.get('token') } });
  const token = (await verified.json()).data.token as string;
  const setup = await request.post('/api/firm/setup', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      firmName: 'Second Firm',
      portalSlug: slug,
      country: 'Ghana',
      homeCurrencyId: 1,
      multicurrency: false,
      timeZone: 'Africa/Accra',
      logo: null,
    },
  });
  expect(setup.ok()).toBe(true);

  await portalSignIn(page, slug, 'client@demo.law');
  await expect(page.getByText('Email or password is incorrect')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/portal/${slug}/login$`));

  await page.goto('/portal/no-such-firm/login');
  await expect(page.getByText('Firm not found')).toBeVisible();
});
