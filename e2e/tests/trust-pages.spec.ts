import { type Page } from '@playwright/test';
import { expect, firmApi, signInAsFirmUser, test, choose } from './support.ts';

// The trust pages at a desk and on a phone: a trust account made through its modal, a deposit, an
// overdraft refused in words inside the Disburse form, the movement's record, and the client's and
// the matter's Trust tab. Each page is photographed at 1440 and 390 px (/tmp/web-*.png).
const ADMIN = 'admin@demo.law';
const SIZES = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

type ListOf<T> = T[] | { data: T[] };
const itemsOf = <T>(list: ListOf<T>) => (Array.isArray(list) ? list : list.data);

async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    await page.waitForTimeout(300);
    // Nothing may stick out sideways on a phone.
    if (size.name === '390') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(1);
    }
    await page.screenshot({ path: `/tmp/web-${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize(SIZES[0].viewport);
}

test('the trust pages: accounts, an account with a deposit and a refused overdraft, a movement, and the Trust tabs', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(SIZES[0].viewport);
  await page.goto('/login');
  await signInAsFirmUser(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);

  const clients = await firmApi<{ people: { userId: string; name: string }[]; companies: { companyId: string; companyName: string }[] }>(
    page,
    'GET',
    '/admin/client-info/get-associated-client-users',
  );
  const client = clients.companies[0]!;
  const matters = itemsOf(
    await firmApi<ListOf<{ id: string; matterName: string; matterNumber: string | null }>>(
      page,
      'GET',
      `/admin/matter-master/get-matter-name-using-client?ClientId=${client.companyId}`,
    ),
  );
  const matter = matters[0]!;

  // The accounts page, and a new account through its modal.
  await page.getByRole('link', { name: 'Trust Account' }).first().click();
  await expect(page).toHaveURL(/\/trust-account\/accounts$/);
  await expect(page.getByRole('heading', { name: 'Trust accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'New trust account' }).click();
  const create = page.getByRole('dialog', { name: 'New trust account' });
  const accountName = `Client Trust ${Date.now().toString(36)}`;
  await create.getByRole('textbox', { name: /^Account name/ }).fill(accountName);
  await create.getByRole('textbox', { name: /^Bank name/ }).fill('GTBank');
  await create.getByRole('textbox', { name: /^Account number/ }).fill('0123451234');
  await create.getByRole('button', { name: 'Create trust account' }).click();
  await expect(page.getByRole('heading', { name: accountName })).toBeVisible();
  await expect(page.getByText('GTBank · ••••1234')).toBeVisible();
  const accountUrl = page.url();
  // The side navigation lists it.
  await expect(page.getByRole('navigation', { name: 'Trust Account navigation' }).getByRole('link', { name: accountName })).toBeVisible();

  // A deposit of 120,000 on the matter.
  await page.getByRole('group', { name: 'Trust account actions' }).getByRole('button', { name: 'Deposit' }).click();
  const deposit = page.getByRole('dialog', { name: 'Record deposit' });
  await choose(page, deposit, 'Client', client.companyName.slice(0, 6), client.companyName, { firstOfMany: true });
  await choose(page, deposit, 'Matter', matter.matterName.slice(0, 6), new RegExp(matter.matterName), { firstOfMany: true });
  await deposit.getByRole('textbox', { name: /Amount/ }).fill('120000');
  await deposit.getByRole('textbox', { name: 'Reference' }).fill('FT-0001');
  await deposit.getByRole('button', { name: 'Record deposit' }).click();
  await expect(deposit).toBeHidden();
  await expect(page.getByRole('region', { name: 'Balances' })).toContainText('120,000.00');
  await shoot(page, 'trust-account');

  // An overdraft: refused, and the reason is in the form.
  await page.getByRole('group', { name: 'Trust account actions' }).getByRole('button', { name: 'Disburse' }).click();
  const disburse = page.getByRole('dialog', { name: 'Disburse from trust' });
  await choose(page, disburse, 'Client', client.companyName.slice(0, 6), client.companyName, { firstOfMany: true });
  await choose(page, disburse, 'Matter', matter.matterName.slice(0, 6), new RegExp(matter.matterName), { firstOfMany: true });
  await expect(disburse.getByText(/Held in trust: .*120,000\.00/)).toBeVisible();
  await disburse.getByRole('textbox', { name: /Amount/ }).fill('500000');
  await disburse.getByRole('textbox', { name: /^Payee/ }).fill('Lagos Land Registry');
  await disburse.getByRole('textbox', { name: /^Purpose/ }).fill('Stamp duty');
  await disburse.getByRole('button', { name: 'Disburse' }).click();
  await expect(disburse.getByRole('alert')).toContainText('Insufficient trust funds');
  await shoot(page, 'trust-overdraft');
  await disburse.getByRole('button', { name: 'Cancel' }).click();

  // The movements tab and the record.
  await page.getByRole('tab', { name: 'Movements' }).click();
  await expect(page).toHaveURL(/activeTab=movements/);
  await shoot(page, 'trust-movements');
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await csv).suggestedFilename()).toMatch(/\.csv$/);
  await page.getByRole('table', { name: 'Movements' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/trust-account\/record\//);
  await expect(page.getByRole('region', { name: 'Journal lines' })).toBeVisible();
  await shoot(page, 'trust-record');

  // The demo firm's own account holds a large disbursement awaiting a second person.
  await page.goto(`${accountUrl}?activeTab=approvals`);
  await expect(page.getByText('Nothing is awaiting approval.')).toBeVisible();
  const demoAccount = (await firmApi<{ id: string; name: string }[]>(page, 'GET', '/admin/trust-account/get-trust-accounts')).find(
    (account) => account.name !== accountName,
  )!;
  await page.goto(`/trust-account/${demoAccount.id}?activeTab=approvals`);
  await expect(page.getByRole('list', { name: 'Movements awaiting approval' })).toBeVisible();
  await shoot(page, 'trust-approvals');

  await page.goto(`/trust-account/${demoAccount.id}?activeTab=requests`);
  await expect(page.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');
  await shoot(page, 'trust-requests-tab');

  await page.goto('/trust-account/accounts');
  await expect(page.getByRole('table', { name: 'Trust accounts' }).getByRole('link', { name: accountName })).toBeVisible();
  await shoot(page, 'trust-accounts');

  // The client's and the matter's Trust tab.
  await page.goto(`/clients/${client.companyId}?activeTab=trust`);
  await expect(page.getByRole('region', { name: 'Trust ledger' })).toContainText('FT-0001');
  await shoot(page, 'client-trust');
  await page.goto(`/matter/${matter.id}?activeTab=trust`);
  await expect(page.getByRole('region', { name: 'Trust ledger' })).toContainText('120,000.00');
  await shoot(page, 'matter-trust');
  const statement = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download trust statement (PDF)' }).click();
  const pdf = await statement;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const { readFile } = await import('node:fs/promises');
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
});
