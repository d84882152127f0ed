import { expect, signInAsFirmUser, test } from './support.ts';

// The demo firm (in Nigeria, on its trial, 3 active members) pays for Standard through the operator's
// Paystack, played by fake-paystack.mjs: the change applies only when its signed webhook arrives.
// 4 seats leave the team journey its invitation.
test('a trial firm chooses Standard with 4 seats, pays on the Paystack checkout, the trial banner goes, and a move back to 3 seats waits for the next billing date', async ({
  page,
}) => {
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page.getByText(/days left in trial/)).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page.getByRole('heading', { name: 'Plans & Subscriptions' })).toBeVisible();
  await expect(page.getByText('Current plan: Trial')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Plans' })).toContainText('₦15,000.00 per seat / month');

  const seats = page.getByRole('textbox', { name: /Seats/ });
  await seats.fill('4');
  await page.getByRole('button', { name: 'Choose Standard' }).click();
  const change = page.getByRole('status', { name: 'Your change' });
  await expect(change).toContainText(/Pay today ₦64,500\.00 \(incl\. VAT ₦4,500\.00\), then ₦64,500\.00 on \d\d\/\d\d\/\d{4}/);
  await change.getByRole('button', { name: 'Pay ₦64,500.00' }).click();

  await expect(page.getByRole('heading', { name: 'Pay Matterhorn' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₦64,500.00' }).click();

  await expect(page).toHaveURL(/\/settings\/plans-&-subscriptions\/select-plan\?paid=/);
  await expect(page.getByText('Current plan: Standard')).toBeVisible();
  await expect(page.getByText(/3 of 4 seats used/)).toBeVisible();
  // Renewals will charge the card this payment let Paystack keep.
  await expect(page.getByText(/Next billing: ₦64,500\.00 on \d\d\/\d\d\/\d{4} from Visa ending 4081/)).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Standard, 4 seats, monthly');
  await expect(page.getByText(/days left in trial/)).toHaveCount(0);

  // Back to 3 seats costs less a period: it is scheduled for the next billing date and nothing is charged today.
  await page.getByRole('textbox', { name: /Seats/ }).fill('3');
  await page.getByRole('button', { name: 'Choose Standard' }).click();
  const downgrade = page.getByRole('status', { name: 'Your change' });
  await expect(downgrade).toContainText(/The change applies on \d\d\/\d\d\/\d{4}; nothing is charged today\./);
  await downgrade.getByRole('button', { name: 'Schedule the change' }).click();
  const current = page.getByRole('region', { name: 'Current plan' });
  await expect(current).toContainText(/Changes to Standard on \d\d\/\d\d\/\d{4}/);
  // Until then the 4 seats stay: the team journey's invitation takes the fourth.
  await expect(current).toContainText('3 of 4 seats used');
});
