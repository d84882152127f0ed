import { generate } from 'otplib';
import { expect, test, emailedLink, signInAsFirmUser, toastShownAndGone, uniqueEmail } from './support.ts';

test('a new firm signs up, verifies its email from the outbox, sets up and reaches its dashboard, then requires two-step sign-in of everyone', async ({
  page,
}) => {
  const email = uniqueEmail('founder');
  const slug = `okafor-${Date.now()}`;

  await page.goto('/signup');
  await page.getByLabel('Firm name').fill('Okafor Chambers');
  await page.getByLabel('Your name').fill('Ngozi Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verification$/);

  const link = await emailedLink(email);
  expect(link).toContain('/verification?token=');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/setup-firm$/);
  await expect(page.getByRole('heading', { name: 'Set up your firm' })).toBeVisible();
  // "Your email has been verified." shows over the form's corner, and the user clicks it away before
  // filling the form (the toast handler does). Being the visit's first toast, it waits for its host
  // to load and can arrive after the heading: the journey waits until it has come and gone, so no
  // toast turns up while the Country list is open.
  await toastShownAndGone(page, 'Your email has been verified.');

  await page.getByLabel('Firm name').fill('Okafor Chambers LP');
  await page.getByLabel('Portal address').fill(slug);
  await page.getByRole('combobox', { name: 'Country' }).fill('Nigeria');
  await page.getByRole('option', { name: 'Nigeria', exact: true }).click();
  await page.getByRole('combobox', { name: 'Home currency' }).click();
  await page.getByRole('option', { name: /NGN/ }).click();
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Africa/Lagos');
  await page.getByRole('option', { name: 'Africa/Lagos' }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Okafor Chambers LP').first()).toBeVisible();
  // A 14-day trial; computed from the plan's end date as the browser sees today, so the
  // journey also holds when it runs across midnight.
  const daysLeft = await page.evaluate(async () => {
    const response = await fetch('/api/admin/sub-scription-master/get-subscription-info', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    const [day, month, year] = ((await response.json()).data.subscriptionEndDate as string).split('/');
    const now = new Date();
    return Math.round(
      (Date.UTC(Number(year), Number(month) - 1, Number(day)) - Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())) / 86_400_000,
    );
  });
  expect([13, 14]).toContain(daysLeft);
  await expect(page.getByText(`${daysLeft} days left in trial`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/settings/plans-&-subscriptions/select-plan');

  // The firm requires two-step sign-in (issue 39): the owner sets up an authenticator app at the next sign-in.
  // Its own new firm, so no other journey's demo users meet the requirement.
  await page.goto('/settings/firm-profile');
  await page.getByRole('switch', { name: 'Require two-step sign-in for everyone' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await toastShownAndGone(page, 'Firm profile updated');
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await signInAsFirmUser(page, email, 'a-long-enough-password');
  await expect(page.getByText('Your firm requires two-step sign-in')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByText(/^[A-Z2-7]{16,}$/).textContent())!.trim();
  await page.getByLabel('Authentication code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
