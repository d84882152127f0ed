import type { Page } from '@playwright/test';
import { expect, firmApi, signInAsFirmUser, test } from './support.ts';

// Seeded demo firm (apps/api/src/seed/demo-seed.ts): Ada Okafor is the administrator. The draft is
// built from two flat fees of its own, so it takes nothing another journey bills.
const ADMIN = 'admin@demo.law';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
type ListOf<T> = T[] | { data: T[] };
const itemsOf = <T>(list: ListOf<T>) => (Array.isArray(list) ? list : list.data);

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await signInAsFirmUser(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A client of the demo firm with a matter, and two fresh flat fees on it. */
async function twoFlatFees(page: Page, first: string, second: string) {
  const clients = await firmApi<{ companies: { companyId: string; companyName: string }[] }>(
    page,
    'GET',
    '/admin/client-info/get-associated-client-users',
  );
  let chosen: { id: string; name: string; matterId: string } | null = null;
  for (const company of clients.companies) {
    const matters = await firmApi<ListOf<{ id: string }>>(
      page,
      'GET',
      `/admin/matter-master/get-matter-name-using-client?ClientId=${company.companyId}`,
    );
    const [matter] = itemsOf(matters);
    if (matter) {
      chosen = { id: company.companyId, name: company.companyName, matterId: matter.id };
      break;
    }
  }
  expect(chosen, 'a demo client with a matter').not.toBeNull();
  const [profile] = await firmApi<{ id: string }[]>(page, 'GET', '/users/get-user-profile');
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const ids: string[] = [];
  for (const [description, amount] of [
    [first, '1000.00'],
    [second, '2500.00'],
  ] as const) {
    const fee = await firmApi<{ id: string }>(page, 'POST', '/admin/expense-flat-fees-info/create-flat-fee', {
      clientId: chosen!.id,
      matterId: chosen!.matterId,
      userId: profile!.id,
      flatFeeDate: today,
      description,
      amount,
    });
    ids.push(fee.id);
  }
  return { client: chosen!, flatFeeIds: ids };
}

test('a draft invoice edited: one item dropped and the discount changed, the new total on its view and on the client’s Invoices tab', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stageOne = unique('Stage one');
  const stageTwo = unique('Stage two');

  await signInAs(page, ADMIN);
  const { client, flatFeeIds } = await twoFlatFees(page, stageOne, stageTwo);
  const draft = await firmApi<{ id: string; totals: { total: string } }>(page, 'POST', '/admin/invoice/create-invoice', {
    clientId: client.id,
    flatFeeIds,
    discountType: 'percent',
    discountValue: '10',
  });

  // The draft's view offers Edit; the builder opens in edit mode with both fees ticked.
  await page.goto(`/billing/invoices/${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' }).getByTestId('total-total');
  const totalBefore = await totals.textContent();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/billing/invoices/${draft.id}/edit$`));
  await expect(page.getByRole('heading', { name: 'Edit draft invoice' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Client' })).toContainText(client.name);
  await expect(page.getByRole('checkbox', { name: `Bill ${stageOne}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Bill ${stageTwo}` })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Discount (%)' })).toHaveValue('10');
  const preview = page.getByRole('region', { name: 'Preview' }).getByTestId('total-total');
  await expect(preview).toHaveText(totalBefore!);

  // Drop the second fee and change the discount: the preview follows, and Save shows the view.
  await page.getByRole('checkbox', { name: `Bill ${stageTwo}` }).uncheck();
  await page.getByRole('textbox', { name: 'Discount (%)' }).fill('5');
  await expect(preview).not.toHaveText(totalBefore!);
  const previewTotal = await preview.textContent();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/billing/invoices/${draft.id}$`));
  await expect(totals).toHaveText(previewTotal!);
  const flatFees = page.getByRole('region', { name: 'Flat fees' });
  await expect(flatFees).toContainText(stageOne);
  await expect(flatFees).not.toContainText(stageTwo);
  const saved = await firmApi<{ discountValue: string; totals: { total: string } }>(page, 'GET', `/admin/invoice/get-invoice/${draft.id}`);
  expect(saved.discountValue).toBe('5');

  // The client's view: the Invoices tab lists the draft with its new total and links to it.
  await page.goto(`/clients/${client.id}`);
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/activeTab=invoices/);
  await expect(page.getByTestId('client-outstanding')).toContainText('Outstanding:');
  const link = page.locator(`a[href="/billing/invoices/${draft.id}"]`);
  const row = page.getByRole('row').filter({ has: link });
  await expect(row).toContainText(previewTotal!);
  await expect(row).toContainText('Draft');

  // New invoice from the tab opens the builder with the client chosen.
  await page.getByRole('link', { name: 'New invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/billing/invoice/invoice-empty\\?clientId=${client.id}$`));
  await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toContainText(client.name);
  await expect(page.getByRole('checkbox', { name: `Bill ${stageTwo}` })).toBeChecked();

  // Back to the draft through the tab's link.
  await page.goto(`/clients/${client.id}?activeTab=invoices`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/billing/invoices/${draft.id}$`));
  await expect(totals).toHaveText(previewTotal!);
});
