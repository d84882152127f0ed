import type { Page } from '@playwright/test';
import { expect, test, emailedLink, signInAsFirmUser, toastShownAndGone, uniqueEmail } from './support.ts';

/**
 * WebAuthn refuses an IP address as its site, and the journeys' address is 127.0.0.1: this journey
 * opens the same server as localhost, the relying party the API names for a loopback address.
 */
test.use({
  baseURL: async ({ baseURL }, use) => {
    const url = new URL(baseURL!);
    url.hostname = 'localhost';
    await use(url.origin);
  },
});

const PASSWORD = 'a-long-enough-password';

/** A firm of its own, so the founder's passkey signs in no one another journey uses (and the demo firm's seats stay as counted). */
async function signUpNewFirm(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Firm name').fill('Adeyemi Legal');
  await page.getByLabel('Your name').fill('Tolu Adeyemi');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verification$/);

  // The link names the configured address (127.0.0.1): opened here at localhost.
  const link = new URL(await emailedLink(email));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/setup-firm$/);
  await expect(page.getByRole('heading', { name: 'Set up your firm' })).toBeVisible();
  // The first toast of the visit can arrive after the heading: it comes and goes before the Country list opens.
  await toastShownAndGone(page, 'Your email has been verified.');
  await page.getByLabel('Portal address').fill(`adeyemi-${Date.now()}`);
  await page.getByRole('combobox', { name: 'Country' }).fill('Nigeria');
  await page.getByRole('option', { name: 'Nigeria', exact: true }).click();
  await page.getByRole('combobox', { name: 'Home currency' }).click();
  await page.getByRole('option', { name: /NGN/ }).click();
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Africa/Lagos');
  await page.getByRole('option', { name: 'Africa/Lagos' }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function expectDashboard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

test('a member adds a passkey in My account, which then stands for the second step and signs in without a password, and removes it', async ({
  page,
}) => {
  // Chromium's virtual authenticator (DevTools protocol) plays the device: it keeps the passkey and
  // answers every prompt at once, the user verified, as a fingerprint would.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const email = uniqueEmail('passkey');
  await signUpNewFirm(page, email);

  await page.goto('/settings/my-account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a passkey' });
  await adding.getByRole('textbox', { name: 'Passkey name' }).fill('Journey key');
  // A session alone cannot add one: the password is asked, and a wrong one adds nothing.
  await adding.getByLabel('Current password').fill('not-the-password');
  await adding.getByRole('button', { name: 'Add passkey' }).click();
  await expect(adding.getByText('Current password is incorrect')).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials, 'no prompt ran').toHaveLength(0);
  await adding.getByLabel('Current password').fill(PASSWORD);
  await adding.getByRole('button', { name: 'Add passkey' }).click();
  await toastShownAndGone(page, 'Passkey added');
  await expect(adding).toBeHidden();
  const list = passkeys.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Journey key');
  await expect(list).toContainText('Not used to sign in yet');
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText('On with your passkey');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials, 'the device keeps the passkey').toHaveLength(1);
  // The member is told by email, with a way to My account.
  expect(new URL(await emailedLink(email, /\/settings\/my-account$/)).pathname).toBe('/settings/my-account');

  // The password now asks for the passkey as its second step.
  await signOut(page);
  await signInAsFirmUser(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expectDashboard(page);

  // And the passkey signs in alone.
  await signOut(page);
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expectDashboard(page);

  await page.goto('/settings/my-account');
  await expect(list).toContainText('Last used');
  await passkeys.getByRole('button', { name: 'Remove passkey: Journey key' }).click();
  const removing = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await removing.getByRole('button', { name: 'Remove passkey' }).click();
  await toastShownAndGone(page, 'Passkey removed');
  await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText('Off — signing in asks only for your password.');
});
