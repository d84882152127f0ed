import { expect, firmApi, signInAsFirmUser, test } from './support.ts';

type Request = { id: string; kind: string; status: string; subject: { name: string; subjectType: string } };

test('an administrator exports a client’s personal data as a PDF, and an erasure for a client with trust money is refused with the reason', async ({
  page,
}) => {
  await page.goto('/login');
  await signInAsFirmUser(page, 'admin@demo.law');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The demo's client with money in trust (its seeded erasure was refused for it).
  const seeded = await firmApi<{ data: Request[] }>(page, 'GET', '/admin/data-protection/requests?Status=refused');
  const holder = seeded.data.find((request) => request.subject.subjectType === 'client')!.subject.name;

  await page.goto('/settings/data-protection');
  await expect(page.getByRole('heading', { level: 1, name: 'Data protection' })).toBeVisible();

  // Export: the portal client's open request for a copy of their data.
  const requests = page.getByRole('table', { name: 'Data-subject requests' });
  const access = requests.getByRole('row').filter({ hasText: 'Access / export' }).first();
  await access.getByRole('button', { name: /^Open request of / }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.pdf$/);

  // Erasure of the client with trust money: logged, then refused with what blocks it.
  await page.getByLabel(/^Find the person/).fill(holder.slice(0, 8));
  await page.getByRole('combobox', { name: /^Person/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${holder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — Client`) }).click();
  await page.getByRole('radio', { name: 'Erasure' }).check();
  await page.getByRole('button', { name: 'Log request' }).click();
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Erase', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Erasure refused: the firm must keep this person’s data' }).last();
  await expect(refusal).toContainText('Money held in trust');
});
