import type { MissedInstalments } from '@matterhorn/shared';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { MissedInstalmentsCard } from '../components/missed-instalments-card.tsx';

configure({ asyncUtilTimeout: 10_000 });

const MISSED = '/api/admin/payment-plans/get-missed-instalments';
const missed: MissedInstalments = {
  totalCount: 12,
  invoices: [
    {
      planId: '88888888-8888-4888-8888-888888888888',
      kind: 'invoice',
      invoiceId: '99999999-9999-4999-8999-999999999999',
      invoiceNumber: 'INV-00007',
      clientId: '77777777-7777-4777-8777-777777777777',
      clientName: 'Kemi Adebayo',
      invoiceCount: 1,
      currencySymbol: '₦',
      dueDate: '2030-01-01',
      missedCount: 2,
      overdueAmount: '150000.00',
    },
    {
      planId: '66666666-6666-4666-8666-666666666666',
      kind: 'clientBalance',
      invoiceId: null,
      invoiceNumber: null,
      clientId: '55555555-5555-4555-8555-555555555555',
      clientName: 'Northbank Plc',
      invoiceCount: 3,
      currencySymbol: '₦',
      dueDate: '2030-01-05',
      missedCount: 1,
      overdueAmount: '20000.00',
    },
  ],
};

describe('MissedInstalmentsCard', { timeout: 30_000 }, () => {
  it('lists the plans with a missed instalment, each a link to its invoice or, on a client’s balance, to the client, with the count in all', async () => {
    stubApi({ [`GET ${MISSED}`]: { data: missed } });
    renderAt(<MissedInstalmentsCard />, { session: fakeSession({ permissions: ['invoice'] }) });
    const table = await screen.findByRole('table', { name: 'Payment plans with a missed instalment' });
    const [row, clientRow] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['INV-00007', 'Kemi Adebayo', '01/01/2030 (2 instalments)', '₦150,000.00']);
    expect(within(row!).getByRole('link', { name: 'INV-00007' })).toHaveAttribute(
      'href',
      '/billing/invoices/99999999-9999-4999-8999-999999999999',
    );
    expect(
      within(clientRow!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3 invoices', 'Northbank Plc', '05/01/2030', '₦20,000.00']);
    expect(within(clientRow!).getByRole('link', { name: '3 invoices' })).toHaveAttribute(
      'href',
      '/clients/55555555-5555-4555-8555-555555555555',
    );
    expect(screen.getByText('The 2 oldest of 12.')).toBeInTheDocument();
  });

  it('shows nothing while no instalment is missed', async () => {
    const api = stubApi({ [`GET ${MISSED}`]: { data: { totalCount: 0, invoices: [] } } });
    const { container } = renderAt(<MissedInstalmentsCard />, { session: fakeSession({ permissions: ['invoice'] }) });
    await vi.waitFor(() => expect(api.callsTo('GET', MISSED)).toHaveLength(1));
    expect(container.querySelector('section')).toBeNull();
  });
});
