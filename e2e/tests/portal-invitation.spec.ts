import { emailedLink, expect, firmApi, signInAsFirmUser, test } from './support.ts';

type ClientDetail = { id: string; email: string | null; hasPortalAccount: boolean };

test('a client opens the invitation link, creates their portal account and sees their matters', async ({ page, browser }) => {
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);

  // A demo client with an email and no portal account yet.
  const { people } = await firmApi<{ people: { userId: string }[] }>(page, 'GET', '/admin/client-info/get-associated-client-users');
  let invitee: ClientDetail | undefined;
  for (const person of people) {
    const client = await firmApi<ClientDetail>(page, 'GET', `/admin/client-info/get-client/${person.userId}`);
    if (client.email && !client.hasPortalAccount) {
      invitee = client;
      break;
    }
  }
  expect(invitee, 'a demo client not yet on the portal').toBeDefined();
  await firmApi(page, 'POST', `/admin/client-info/invite-to-portal/${invitee!.id}`);
  const link = await emailedLink(invitee!.email!);
  expect(link).toMatch(/\/portal\/demo\/signup\?token=[\w-]{43}$/);

  const client = await (await browser.newContext()).newPage();
  // Without the link's secret, the page only explains where to find it.
  await client.goto('/portal/demo/signup');
  await expect(client.getByRole('alert')).toContainText('open the link in the invitation email');
  await expect(client.getByRole('button', { name: 'Create account' })).toHaveCount(0);

  await client.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await client.getByLabel('Email').fill(invitee!.email!);
  const password = client.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('quiet-lantern-orchard-ferry');
  // The firm's privacy notice is shown under the form; no account is made until the client agrees to it.
  await expect(client.getByRole('heading', { name: 'Privacy notice' })).toBeVisible();
  await client.getByRole('button', { name: 'Create account' }).click();
  await expect(client.getByText('Read the privacy notice and tick the box to agree to it before creating your account')).toBeVisible();
  await client.getByRole('checkbox', { name: 'I have read the privacy notice and I agree to it' }).check();

  await password.fill('password1234');
  await client.getByRole('button', { name: 'Create account' }).click();
  await expect(client.getByText(/This password is too easy to guess/).first()).toBeVisible();
  await password.fill('quiet-lantern-orchard-ferry');
  await client.getByRole('button', { name: 'Create account' }).click();
  await expect(client).toHaveURL(/\/portal\/demo\/[0-9a-f-]{36}\?activeTab=overview$/);
  await expect(client.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(
    client.getByRole('table', { name: 'Your matters' }).or(client.getByText('Your firm has no matters for you yet.')),
  ).toBeVisible();
});
