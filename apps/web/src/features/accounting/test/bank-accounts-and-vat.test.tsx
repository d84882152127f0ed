import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { BankAccountsPage } from '../pages/bank-accounts-page.tsx';
import { VatPage } from '../pages/vat-page.tsx';

const BASE = '/admin/accounting';
const DOLLARS = {
  id: '6f1d3c1e-4b7a-4c55-9d2e-0a1b2c3d4e5f',
  name: 'USD domiciliary',
  bankName: 'GTBank',
  accountNumberLast4: '6789',
  maskedAccountNumber: '••••6789',
  currencyCode: 'USD',
  ledgerAccountId: '7c9d3e66-2b3c-4d5e-9f0a-223344556677',
  ledgerAccountNumber: '1001',
  ledgerAccountName: 'USD domiciliary',
  balance: '2500.00',
  isDefault: true,
  isActive: true,
};

const seriousViolations = async () => {
  // jsdom draws nothing, so contrast is left to the journeys.
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((v) => v.id);
};

describe('the bank accounts page', { timeout: 60_000 }, () => {
  it('lists each account with its masked number, ledger account and balance, and deactivates one', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-bank-accounts`]: { data: { accounts: [DOLLARS], fallbackLedgerAccountNumber: '1000' } },
      [`POST ${BASE}/deactivate-bank-account/${DOLLARS.id}`]: { data: { ...DOLLARS, isActive: false, isDefault: false } },
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<BankAccountsPage />, {
      path: '/accounting/bank-accounts',
      session: fakeSession({ permissions: ['chartofAccount', 'chartofAccount.create', 'chartofAccount.edit'] }),
    });
    const row = (await screen.findByRole('cell', { name: '••••6789' })).closest('tr')!;
    for (const text of ['••••6789', 'USD', '1001 USD domiciliary', '2,500.00', 'Default']) expect(row).toHaveTextContent(text);
    expect(await seriousViolations()).toEqual([]);
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Deactivate USD domiciliary' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/deactivate-bank-account/${DOLLARS.id}`)).toHaveLength(1));
  });
});

describe('the VAT page', { timeout: 60_000 }, () => {
  it('shows the return for the period by rate with its invoices and the check, and the firm’s tax rates', async () => {
    const figures = { feesNet: '900.00', feesTax: '67.50', costsNet: '180.00', costsTax: '13.50', net: '1080.00', tax: '81.00' };
    const api = stubApi({
      [`GET ${BASE}/get-vat-return`]: {
        data: {
          fromDate: '2026-10-01',
          toDate: '2026-10-31',
          basis: 'Output tax of invoices issued in the period.',
          isTiedOut: true,
          currencies: [
            {
              currencyCode: 'NGN',
              rates: [
                {
                  taxName: 'VAT',
                  ratePercent: '7.5',
                  ...figures,
                  invoices: [
                    {
                      invoiceId: '11111111-1111-4111-8111-111111111111',
                      invoiceNumber: 'INV-00031',
                      kind: 'invoice',
                      date: '2026-10-02',
                      clientId: '22222222-2222-4222-8222-222222222222',
                      clientName: 'Okafor Holdings',
                      ...figures,
                    },
                  ],
                },
              ],
              totals: figures,
              vatAccountNumber: '2100',
              vatAccountMovement: '31.00',
              otherMovement: '-50.00',
              tieOuts: [{ name: 'Output tax on the invoices = what invoices posted', expected: '81.00', actual: '81.00', isPassing: true }],
            },
          ],
        },
      },
      [`GET ${BASE}/get-tax-rates`]: {
        data: { rates: [{ id: '33333333-3333-4333-8333-333333333333', name: 'VAT', ratePercent: '7.5', isActive: true }] },
      },
    });
    renderAt(<VatPage />, {
      path: '/accounting/vat?FromDate=2026-10-01&ToDate=2026-10-31',
      session: fakeSession({ permissions: ['chartofAccount', 'chartofAccount.create', 'chartofAccount.edit'] }),
    });
    const invoice = (await screen.findByRole('cell', { name: 'INV-00031' })).closest('tr')!;
    for (const text of ['02/10/2026', 'Okafor Holdings', '900.00', '67.50', '13.50', '81.00']) expect(invoice).toHaveTextContent(text);
    expect(screen.getByText(/Pass: Output tax on the invoices/)).toBeInTheDocument();
    expect(screen.getByText(/of which -50.00 by other postings/)).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'VAT 7.5% active' })).toBeChecked();
    expect(api.callsTo('GET', `${BASE}/get-vat-return`)[0]?.query.get('FromDate')).toBe('2026-10-01');
    expect(await seriousViolations()).toEqual([]);
  });
});
