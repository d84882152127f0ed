import { expect, signInAsFirmUser, test, uniqueEmail } from './support.ts';

test('a visitor on a phone sends the demo firm’s property form (a show-if field appears, a required answer is asked for); the firm finds the lead on the board, moves it to Contacted and clears its conflict check', async ({
  page,
}) => {
  const suffix = `${Date.now() % 100_000}`;
  const lastName = `Okonkwo${suffix}`;
  const email = uniqueEmail('intake');
  const seller = `Zenith Meadows ${suffix} Ltd`;

  // The public form at 390 px: the offer letter's date shows only once the visitor says they have one.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/intake/demo/property-purchase');
  await expect(page.getByRole('heading', { level: 1, name: 'Property purchase' })).toBeVisible();
  await expect(page.getByLabel('Date of the offer letter')).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Have you had an offer letter?' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByLabel('Date of the offer letter')).toBeVisible();

  // Sent without a last name: the form says so under the field and takes the visitor there.
  await page.getByLabel('First name').fill('Ngozi');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('radio', { name: 'A house' }).check();
  await page.getByLabel('Date of the offer letter').fill('2026-11-02');
  await page.getByLabel('Tell us about the property').fill('A four-bedroom house in Ikoyi; the developer wants payment this month.');
  await page.getByLabel('Seller or developer').fill(seller);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByLabel('Last name')).toBeFocused();
  await page.getByLabel('Last name').fill(lastName);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeFocused();
  await expect(page.getByText('a property lawyer will call you within one working day')).toBeVisible();

  // The firm: the new lead is on the board's New column, and its Move menu takes it to Contacted.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Leads' }).click();
  const fullName = `Ngozi ${lastName}`;
  const newColumn = page.getByRole('region', { name: 'New', exact: true });
  await expect(newColumn.getByRole('link', { name: fullName })).toBeVisible();
  await newColumn.getByRole('button', { name: `Move ${fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Contacted' }).click();
  const contacted = page.getByRole('region', { name: 'Contacted', exact: true });
  await expect(contacted.getByRole('link', { name: fullName })).toBeVisible();
  await expect(newColumn.getByRole('link', { name: fullName })).toHaveCount(0);

  // Its page: the form's answers, then the conflict check on her name and the seller's, cleared.
  await contacted.getByRole('link', { name: fullName }).click();
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Form answers' }).getByText('02/11/2026')).toBeVisible();
  const conflict = page.getByRole('region', { name: 'Conflict check' });
  await conflict.getByRole('button', { name: 'Run conflict check' }).click();
  await expect(conflict.getByText(seller)).toBeVisible();
  await expect(conflict.getByText('No match among the firm’s names.')).toBeVisible();
  await conflict.getByRole('button', { name: 'Record decision' }).click();
  await expect(conflict.getByText('Cleared')).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Status changed from New to Contacted')).toBeVisible();
});
