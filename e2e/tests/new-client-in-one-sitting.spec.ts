import type { Locator } from '@playwright/test';
import { emailedLink, expect, signInAsFirmUser, test, uniqueEmail } from './support.ts';

/** A short list without a search box: opened, and its option picked (the list lives in a portal). */
async function pick(select: Locator, option: string) {
  await select.click();
  await select.page().getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

/** An emailed link on this server: its path and query. */
const here = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

// Issue 45's journey: a prospective client fills the public form and books and pays a consultation on
// a phone; the partner clears the conflict check and sends the engagement letter; the client signs it
// on the phone, which opens the client and matter; the retainer is paid on the portal; and the client,
// matter and signed letter carry what the form and the terms said, nothing typed twice.
const SCOPE = 'Acting for the buyer of 4 Bourdillon Road, Ikoyi: title search, the deed of assignment and its registration.';

test('a new client in one sitting: form, paid consultation, conflict check, engagement letter signed on a phone, retainer paid, client and matter opened', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = `${Date.now() % 100_000}`;
  const lastName = `Okonkwo${suffix}`;
  const fullName = `Ngozi ${lastName}`;
  const email = uniqueEmail('intake');
  const seller = `Zenith Meadows ${suffix} Ltd`;
  const matterName = `Purchase of 4 Bourdillon Road ${suffix}`;
  const phone = browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const client = await (await phone).newPage();
  const fitsThePhone = async () => expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // 1. The public form at 390 px: a show-if field appears only when it applies; a missing answer is asked for at its field.
  await client.goto('/intake/demo/property-purchase');
  await expect(client.getByRole('heading', { level: 1, name: 'Property purchase' })).toBeVisible();
  await expect(client.getByLabel('Date of the offer letter')).toHaveCount(0);
  await client.getByRole('radiogroup', { name: 'Have you had an offer letter?' }).getByRole('radio', { name: 'Yes' }).check();
  await client.getByLabel('First name').fill('Ngozi');
  await client.getByLabel('Email').fill(email);
  await client.getByRole('radio', { name: 'A house' }).check();
  await client.getByLabel('Date of the offer letter').fill('2026-11-02');
  await client.getByLabel('Tell us about the property').fill('A four-bedroom house in Ikoyi; the developer wants payment this month.');
  await client.getByLabel('Seller or developer').fill(seller);
  await client.getByRole('button', { name: 'Send' }).click();
  await expect(client.getByText('Last name is required')).toBeVisible();
  await expect(client.getByLabel('Last name')).toBeFocused();
  await client.getByLabel('Last name').fill(lastName);
  await client.getByRole('button', { name: 'Send' }).click();
  await expect(client.getByRole('heading', { name: 'Thank you' })).toBeFocused();
  await fitsThePhone();

  // 2. The partner finds the lead in New on the board and sends the booking link from its page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Leads' }).click();
  const newColumn = page.getByRole('region', { name: 'New', exact: true });
  await newColumn.getByRole('link', { name: fullName }).click();
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  const leadUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('region', { name: 'Form answers' }).getByText('02/11/2026')).toBeVisible();
  await page.getByRole('button', { name: 'Send booking link' }).click();

  // 3. She books the first free time and pays the fee on the gateway's page; the webhook confirms the booking.
  await client.goto(here(await emailedLink(email, /\/book\//)));
  await expect(client.getByRole('heading', { level: 1, name: /^Book a consultation with / })).toBeVisible();
  await client.getByRole('group', { name: /^Time/ }).getByRole('button').first().click();
  await client.getByRole('button', { name: 'Book and pay ₦25,000.00' }).click();
  await expect(client.getByRole('heading', { name: 'Pay Matterhorn' })).toBeVisible();
  await client.getByRole('button', { name: 'Pay ₦25,000.00' }).click();
  await expect(client).toHaveURL(/\/book\/.+payment=returned/);
  await expect(async () => {
    await client.reload();
    await expect(client.getByRole('heading', { name: 'Your consultation' })).toBeVisible({ timeout: 2_000 });
    await expect(client.getByRole('button', { name: /^Pay / })).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // The confirmation says the fee, in naira, and that it is paid.
  await expect(client.getByText('Fee: ₦25,000.00, paid online. Thank you.')).toBeVisible();
  await fitsThePhone();

  // 4. The lead is now Consultation booked; the partner clears the conflict check on her name and the seller's.
  await page.goto(leadUrl);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Status changed from New to Consultation booked')).toBeVisible();
  const conflict = page.getByRole('region', { name: 'Conflict check' });
  await conflict.getByRole('button', { name: 'Run conflict check' }).click();
  await expect(conflict.getByText(seller)).toBeVisible();
  await expect(conflict.getByText('No match among the firm’s names.')).toBeVisible();
  await conflict.getByRole('button', { name: 'Record decision' }).click();
  await expect(conflict.getByText('Cleared')).toBeVisible();

  // 5. The terms (the lead's details proposed), the letter made from the firm's Word template, and sent for signature.
  const engagement = page.getByRole('region', { name: 'Engagement' });
  await engagement.getByRole('button', { name: 'Open engagement' }).click();
  await engagement.getByRole('button', { name: 'Set terms' }).click();
  await engagement.getByRole('textbox', { name: 'Matter name' }).fill(matterName);
  // The scope is the firm's own words, never the prospect's story pasted in.
  await expect(engagement.getByRole('textbox', { name: 'Description' })).toHaveValue('');
  await engagement.getByRole('textbox', { name: 'Description' }).fill(SCOPE);
  await pick(engagement.getByRole('combobox', { name: 'Billing type' }), 'Hourly');
  await engagement.getByRole('textbox', { name: /^Hourly rate/ }).fill('75000');
  await engagement.getByRole('textbox', { name: 'Retainer into trust' }).fill('500000');
  await pick(engagement.getByRole('combobox', { name: 'Letter template' }), 'Engagement letter.docx');
  await engagement.getByRole('button', { name: 'Save terms' }).click();
  await expect(engagement.getByText(`${matterName} · Hourly at 75,000.00 NGN · Tunde Bakare`)).toBeVisible();
  await expect(engagement.getByRole('listitem')).toContainText([
    `Client “${fullName}” (person)`,
    `Matter “${matterName}”, Hourly at 75,000.00 NGN`,
    `Portal invitation to ${email}`,
    'The matter’s documents folder',
    'Trust request for the retainer of 500,000.00 NGN',
  ]);
  await engagement.getByRole('button', { name: 'Generate engagement letter' }).click();
  await expect(engagement.getByRole('link', { name: /\.pdf$/ })).toBeVisible();
  await engagement.getByRole('button', { name: 'Send for signature' }).click();
  await expect(engagement.getByText('Sent', { exact: true })).toBeVisible();

  // 6. She signs on the phone from the emailed link: consent, a typed signature adopted, every place signed.
  await client.goto(here(await emailedLink(email, /\/sign\//)));
  await expect(client.getByRole('group', { name: /page 1 of / })).toHaveAttribute('data-drawn', 'true');
  await client.getByRole('checkbox', { name: 'I agree to sign electronically' }).check();
  await client.getByRole('button', { name: 'Continue' }).click();
  await client.getByRole('button', { name: 'Adopt your signature' }).click();
  const adopt = client.getByRole('dialog', { name: 'Adopt your signature' });
  await expect(adopt.getByRole('textbox', { name: 'Your signature' })).toHaveValue(fullName);
  await adopt.getByRole('button', { name: 'Adopt and sign' }).click();
  await client.getByRole('button', { name: 'Finish signing' }).click();
  await expect(client.getByRole('status').filter({ hasText: 'Everyone has signed' })).toBeVisible();
  await fitsThePhone();

  // 7. The signature made her a client: the lead is Engaged and converted, with links to the client and the matter.
  await expect(async () => {
    await page.reload();
    await expect(engagement.getByText('Converted', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  const matterLink = engagement.getByRole('link', { name: /^Matter: / });
  const matterUrl = new URL((await matterLink.getAttribute('href'))!, page.url()).pathname;
  const clientUrl = new URL((await engagement.getByRole('link', { name: /^Client: / }).getAttribute('href'))!, page.url()).pathname;

  // 8. The retainer: she creates her portal account from the invitation and pays the trust request online.
  await client.goto(here(await emailedLink(email, /\/portal\/demo\/signup/)));
  await client.getByLabel('Email').fill(email);
  await client.getByRole('textbox', { name: 'Password', exact: true }).fill('quiet-lantern-orchard-ferry');
  // The demo firm publishes a privacy notice: she agrees to it before her account is made.
  await client.getByRole('checkbox', { name: 'I have read the privacy notice and I agree to it' }).check();
  await client.getByRole('button', { name: 'Create account' }).click();
  await expect(client.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await client.getByRole('tab', { name: 'Trust' }).click();
  const retainer = client.getByRole('list', { name: 'Your trust requests' }).getByRole('listitem').first();
  await expect(retainer).toContainText('₦500,000.00');
  await retainer.getByRole('button', { name: 'Pay online for this trust request' }).click();
  await retainer.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(client.getByRole('heading', { name: 'Pay Matterhorn' })).toBeVisible();
  await client.getByRole('button', { name: 'Pay ₦500,000.00' }).click();
  await expect(client).toHaveURL(/payment=returned/);
  await fitsThePhone();

  // 9. Nothing typed twice: the client is hers, the matter has the terms, the signed letter is in its documents, the retainer in trust.
  await page.goto(clientUrl);
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' }).getByText(email)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Portal accounts' }).getByText(email)).toBeVisible();
  await page.goto(matterUrl);
  await expect(page.getByRole('heading', { level: 1, name: matterName })).toBeVisible();
  const detail = (term: string) =>
    page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('+ dd');
  await expect(detail('Client')).toHaveText(fullName);
  await expect(detail('Billing type')).toHaveText('Hourly');
  await expect(detail('Matter hourly rate')).toHaveText('₦75,000.00 / hour');
  await expect(detail('Practice areas')).toHaveText('Property');
  await expect(page.getByText(SCOPE)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Assigned fee earners' })).toContainText('Tunde Bakare');
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Trust' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Trust' }).getByText('₦500,000.00').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(
    page
      .getByRole('tabpanel', { name: 'Documents' })
      .getByRole('link', { name: /engagement letter/i })
      .first(),
  ).toBeVisible();
  await (await phone).close();
});
