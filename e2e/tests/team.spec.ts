import { expect, test, emailedLink, signInAsFirmUser, uniqueEmail } from './support.ts';

test('an administrator invites a team member, who accepts in another browser and signs in', async ({ page, browser }) => {
  const email = uniqueEmail('associate');
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/team');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite member' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Fee Earner' }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(email);

  const link = await emailedLink(email);
  expect(link).toMatch(/\/join-team\/[\w-]+$/);
  const newcomer = await browser.newContext();
  const newcomerPage = await newcomer.newPage();
  await newcomerPage.goto(new URL(link).pathname);
  await expect(newcomerPage.getByText(email).first()).toBeVisible();
  await newcomerPage.getByLabel('Your name').fill('Zara Associate');
  await newcomerPage.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-enough-password');
  await newcomerPage.getByRole('button', { name: 'Join team' }).click();
  await expect(newcomerPage).toHaveURL(/\/dashboard$/);

  await newcomerPage.getByRole('button', { name: 'Logout' }).click();
  await expect(newcomerPage).toHaveURL(/\/login$/);
  await signInAsFirmUser(newcomerPage, email, 'a-long-enough-password');
  await expect(newcomerPage).toHaveURL(/\/dashboard$/);
  await newcomer.close();

  await page.reload();
  await expect(page.getByRole('table', { name: 'Team members' })).toContainText('Zara Associate');
});
