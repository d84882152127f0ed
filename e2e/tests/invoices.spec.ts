import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { type Page } from '@playwright/test';
import { expect, firmApi, JOURNEY_INVOICE_SETTINGS, signInAsFirmUser, test, choose } from './support.ts';

/** What the demo firm's clients owe in naira, its home currency (aged receivables total each currency apart). */
type AgedTotals = { totals: { currencyCode: string; total: string }[] };
const nairaOwed = (aged: AgedTotals) => aged.totals.find((total) => total.currencyCode === 'NGN')?.total ?? '0.00';

// Seeded demo firm (apps/api/src/seed/demo-seed.ts): Ada Okafor is the administrator (she holds
// invoice.approve); the Billing role may build and submit invoices but not approve them. The client
// is one whose matters carry unbilled approved expenses and billable time entries in the demo data.
const ADMIN = 'admin@demo.law';
const BILLING = 'billing@demo.law';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await signInAsFirmUser(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

type ListOf<T> = T[] | { data: T[] };
const itemsOf = <T>(list: ListOf<T>) => (Array.isArray(list) ? list : list.data);
const money = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

test('an invoice from a matter’s time, expense and flat fee with a 10% discount and VAT: submitted, approved by an approver, sent, seen through its public link, credited in part, paid in two parts', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const feeDescription = unique('Completion fee');

  // Set-up: the firm charges VAT at 7.5% on everything and needs approval; a flat fee on the matter.
  await signInAs(page, ADMIN);
  await firmApi(page, 'PUT', '/admin/invoice/update-invoice-settings', JOURNEY_INVOICE_SETTINGS);
  // A client's hourly matter gets a billable time entry and an approved expense of this journey's own,
  // so the invoice never depends on what the demo data or another journey left unbilled.
  const clients = await firmApi<{ companies: { companyId: string; companyName: string }[] }>(
    page,
    'GET',
    '/admin/client-info/get-associated-client-users',
  );
  let chosen: { id: string; name: string; matterId: string; matter: string } | null = null;
  for (const company of clients.companies) {
    const matters = await firmApi<ListOf<{ id: string; matterName: string; matterRate: string; status: string }>>(
      page,
      'GET',
      `/admin/matter-master/get-matter-name-using-client?ClientId=${company.companyId}`,
    );
    const hourly = itemsOf(matters).find((matter) => matter.matterRate === 'Hourly' && matter.status === 'Open');
    if (hourly) {
      chosen = { id: company.companyId, name: company.companyName, matterId: hourly.id, matter: hourly.matterName };
      break;
    }
  }
  expect(chosen, 'a demo client with an open hourly matter').not.toBeNull();
  const CLIENT = chosen!.name;
  const MATTER = chosen!.matter;
  const [profile] = await firmApi<{ id: string }[]>(page, 'GET', '/users/get-user-profile');
  const activities = await firmApi<ListOf<{ id: string }>>(page, 'GET', '/admin/activity/get-activity-type');
  const categories = await firmApi<ListOf<{ id: string }>>(page, 'GET', '/admin/expense-flat-fees-info/get-expense-categories');
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await firmApi(page, 'POST', '/admin/time-entry', {
    clientId: chosen!.id,
    matterId: chosen!.matterId,
    activityId: itemsOf(activities)[0]!.id,
    isBillable: 4,
    timeEntryUserId: profile!.id,
    description: unique('Drafting the share purchase agreement'),
    timeEntryDate: today,
    duration: '1.5',
    exchangeRate: '1',
    ManualTimeEntry: true,
  });
  await firmApi(page, 'POST', '/admin/expense-flat-fees-info/create-expense', {
    clientId: chosen!.id,
    matterId: chosen!.matterId,
    expenseDate: today,
    description: unique('Court filing fee'),
    categoryId: itemsOf(categories)[0]!.id,
    quantity: '1',
    unitCost: '15000.00',
    isBillable: 4,
  });
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('menuitem', { name: 'Flat Fee' }).click();
  const feeForm = page.getByRole('form', { name: 'New flat fee' });
  await choose(page, feeForm, 'Client', CLIENT.slice(0, 6), CLIENT);
  await choose(page, feeForm, 'Matter', MATTER.slice(0, 6), new RegExp(MATTER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  if ((await feeForm.getByRole('textbox', { name: 'Amount' }).inputValue()) === '')
    await feeForm.getByRole('textbox', { name: 'Amount' }).fill('50000');
  await feeForm.getByRole('textbox', { name: 'Description' }).fill(feeDescription);
  await feeForm.getByRole('button', { name: 'Save flat fee' }).click();
  await expect(page).toHaveURL(/\/billing\/flat-fees$/);
  const agedBefore = await firmApi<AgedTotals>(page, 'GET', '/admin/invoice/get-aged-receivables');
  await signOut(page);

  // The billing clerk builds the invoice: every unbilled item of the client is chosen.
  await signInAs(page, BILLING);
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('menuitem', { name: 'Invoice' }).click();
  await expect(page).toHaveURL(/\/billing\/invoice\/invoice-empty$/);
  await choose(page, page, 'Client', CLIENT.slice(0, 6), CLIENT);
  for (const section of ['Time entries', 'Expenses', 'Flat fees']) {
    const region = page.getByRole('region', { name: section });
    await expect(region.getByRole('checkbox', { name: /^Bill / }).first()).toBeChecked();
  }
  await expect(page.getByRole('checkbox', { name: `Bill ${feeDescription}` })).toBeChecked();
  await page.getByText('Percent', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Discount (%)' }).fill('10');
  await expect(page.getByRole('textbox', { name: 'VAT rate (%)' })).toHaveValue('7.5');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('VAT (7.5%)');
  const previewTotal = await preview.getByTestId('total-total').textContent();
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/billing\/invoices\/[\w-]+$/);
  const invoiceUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals' }).getByTestId('total-total')).toHaveText(previewTotal!);
  await expect(page.getByRole('region', { name: 'Flat fees' })).toContainText(feeDescription);

  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page.getByText('Awaiting approval').first()).toBeVisible();
  // The clerk may not approve.
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await signOut(page);

  // The approver approves and sends; the invoice has its number.
  await signInAs(page, ADMIN);
  await page.goto(invoiceUrl);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: /^INV-\d{5}$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  // The user sees who receives it before it goes.
  const confirmSend = page.getByRole('alertdialog', { name: 'Confirm sending' });
  await expect(confirmSend).toContainText(/INV-\d{5}/);
  await confirmSend.getByRole('button', { name: 'Send invoice' }).click();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  const invoiceNumber = (await page.getByRole('heading', { name: /^INV-\d{5}$/ }).textContent())!;

  // The client contests it: marked disputed with a note (no reminder goes while it is), then cleared.
  const reminders = page.getByRole('region', { name: 'Reminders' });
  await reminders.getByRole('button', { name: 'Mark as disputed' }).click();
  const disputeDialog = page.getByRole('dialog', { name: 'Mark as disputed' });
  await disputeDialog.getByRole('textbox', { name: /Why does the client dispute it/ }).fill('The discount agreed was 15%');
  await disputeDialog.getByRole('button', { name: 'Mark as disputed' }).click();
  await expect(reminders.getByText('The discount agreed was 15%')).toBeVisible();
  await expect(page.getByText('Disputed', { exact: true }).first()).toBeVisible();
  await reminders.getByRole('button', { name: 'Clear dispute' }).click();
  await expect(reminders.getByRole('button', { name: 'Mark as disputed' })).toBeVisible();

  // The public link opens without signing in: a new one is made after the user is told the old one stops working.
  const linkSection = page.getByRole('region', { name: 'Public link' });
  await linkSection.getByRole('button', { name: 'New public link' }).click();
  const confirmLink = linkSection.getByRole('alertdialog', { name: 'Confirm new public link' });
  await confirmLink.getByRole('button', { name: 'Make new link' }).click();
  await expect(confirmLink).toBeHidden();
  await expect(linkSection.getByTestId('public-link-status')).toContainText('not emailed');
  const publicUrl = (await page.getByTestId('public-link').textContent())!;
  expect(publicUrl).toMatch(/\/billing\/invoice\/[\w-]+$/);
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(publicUrl);
  await expect(publicPage.getByText(invoiceNumber).first()).toBeVisible();
  await expect(publicPage.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  // In the firm's appearance: its payment instructions and footer.
  await expect(publicPage.getByText(JOURNEY_INVOICE_SETTINGS.defaultPaymentInstructions)).toBeVisible();
  await expect(publicPage.getByText(JOURNEY_INVOICE_SETTINGS.invoiceFooter)).toBeVisible();
  await visitor.close();

  // The PDF, branded: its text (poppler's pdftotext, as a reader copies it) carries how to pay and the footer.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfPath = (await pdf.path())!;
  expect((await readFile(pdfPath)).subarray(0, 4).toString()).toBe('%PDF');
  const { stdout: pdfText } = await promisify(execFile)('pdftotext', ['-layout', pdfPath, '-']);
  const words = pdfText.replace(/\s+/g, ' ');
  expect(words).toContain(invoiceNumber);
  expect(words).toContain(JOURNEY_INVOICE_SETTINGS.defaultPaymentInstructions);
  expect(words).toContain(JOURNEY_INVOICE_SETTINGS.invoiceFooter);

  // The aged receivables now hold the invoice.
  const agedSent = await firmApi<AgedTotals>(page, 'GET', '/admin/invoice/get-aged-receivables');
  expect(money(nairaOwed(agedSent)) - money(nairaOwed(agedBefore))).toBeCloseTo(money(previewTotal), 2);

  // A partial payment, then the rest.
  await page.getByRole('button', { name: 'Record payment' }).click();
  const paymentDialog = page.getByRole('dialog', { name: 'Record payment' });
  await paymentDialog.getByRole('textbox', { name: 'Amount' }).fill('1000');
  await paymentDialog.getByRole('textbox', { name: 'Reference' }).fill('TRF-1');
  await paymentDialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(paymentDialog).toHaveCount(0);
  await expect(page.getByText('Partly paid').first()).toBeVisible();

  // A credit note for the flat fee, with a reason: the balance due falls by what it credits.
  const totals = page.getByRole('region', { name: 'Totals' });
  const balanceBeforeCredit = money(await totals.getByTestId('total-balance-due').textContent());
  await page.getByRole('button', { name: 'Credit note', exact: true }).click();
  const creditDialog = page.getByRole('dialog', { name: 'Issue credit note' });
  await creditDialog.getByRole('radio', { name: 'Chosen lines' }).check();
  await creditDialog.getByRole('checkbox', { name: new RegExp(feeDescription) }).check();
  await creditDialog.getByRole('textbox', { name: 'Reason' }).fill('Incorporation fee waived as agreed');
  await creditDialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(creditDialog).toHaveCount(0);
  const creditNote = page.getByRole('region', { name: 'Credit notes' }).getByRole('row', { name: /CN-\d{5}/ });
  await expect(creditNote).toContainText('Incorporation fee waived as agreed');
  const credited = money(await creditNote.getByRole('cell').nth(3).textContent());
  expect(credited).toBeGreaterThan(0);
  await expect(totals.getByTestId('total-credited')).toHaveText(await creditNote.getByRole('cell').nth(3).innerText());
  expect(money(await totals.getByTestId('total-balance-due').textContent())).toBeCloseTo(balanceBeforeCredit - credited, 2);

  await page.getByRole('button', { name: 'Record payment' }).click();
  await paymentDialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals' }).getByTestId('total-balance-due')).toHaveText('₦0.00');

  // The aged receivables view is back where it was.
  await page.goto('/billing?view=aged-receivables');
  await expect(page.getByRole('heading', { name: 'Aged receivables' })).toBeVisible();
  const agedPaid = await firmApi<AgedTotals>(page, 'GET', '/admin/invoice/get-aged-receivables');
  expect(nairaOwed(agedPaid)).toBe(nairaOwed(agedBefore));
  await expect(page.getByTestId('aged-total-NGN')).toContainText(
    Number(nairaOwed(agedPaid)).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );

  // The list shows it Paid.
  await page.goto('/billing');
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(invoiceNumber);
  await expect(page.getByRole('row', { name: new RegExp(invoiceNumber) })).toContainText('Paid');
});
