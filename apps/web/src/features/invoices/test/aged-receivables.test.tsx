import { agedReceivablesSchema, type AgedReceivables } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { AgedReceivablesView } from '../components/aged-receivables-view.tsx';
import { allowSlowRenders, CLIENT_ID, sessionWith, stubApi } from './stub-invoices.ts';

allowSlowRenders();

const AGED = '/api/admin/invoice/get-aged-receivables';

/** The report as the server answers it for a date: on 31/03/2025 the client owed more than today. */
function reportFor(asOf: string): AgedReceivables {
  const isPast = asOf === '2025-03-31';
  const amounts = isPast
    ? { current: '480.00', days1To30: '700.00', days31To60: '500.00', days61To90: '0.00', days90Plus: '0.00', total: '1680.00' }
    : { current: '0.00', days1To30: '0.00', days31To60: '0.00', days61To90: '0.00', days90Plus: '250.00', total: '250.00' };
  const naira = { currencyCode: 'NGN', currencySymbol: '₦' };
  const dollars = { currencyCode: 'USD', currencySymbol: '$' };
  const dollarAmounts = { current: '0.00', days1To30: '0.00', days31To60: '0.00', days61To90: '0.00', days90Plus: '75.50', total: '75.50' };
  return agedReceivablesSchema.parse({
    asOf,
    clients: [
      { clientId: CLIENT_ID, clientName: 'Ada Lovelace', invoiceCount: isPast ? 4 : 1, ...naira, ...amounts },
      { clientId: CLIENT_ID, clientName: 'Ada Lovelace', invoiceCount: 1, ...dollars, ...dollarAmounts },
    ],
    totals: [
      { ...naira, ...amounts },
      { ...dollars, ...dollarAmounts },
    ],
  });
}

describe('AgedReceivablesView', { timeout: 60_000 }, () => {
  it('asks for the firm’s today by default and shows it, then asks for the date typed in "As of"', async () => {
    // The firm's today, from the server: not necessarily the browser's.
    const firmToday = '2031-01-02';
    const api = stubApi({ [`GET ${AGED}`]: (call) => ({ data: reportFor(call.query.get('AsOf') ?? firmToday) }) });
    const user = userEvent.setup();
    renderAt(<AgedReceivablesView />, { path: '/billing', session: sessionWith(['invoice']) });
    const table = await screen.findByRole('table', { name: 'Aged receivables' });
    await waitFor(() => expect(within(table).getByTestId('aged-total-NGN')).toHaveTextContent('₦250.00'));
    expect(api.callsTo('GET', AGED)[0]!.query.has('AsOf')).toBe(false);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'As of' })).toHaveValue('02/01/2031'));

    const asOf = screen.getByRole('combobox', { name: 'As of' });
    await user.clear(asOf);
    await user.type(asOf, '31/03/2025');
    await waitFor(() => expect(api.lastQuery(AGED)?.get('AsOf')).toBe('2025-03-31'));
    await waitFor(() => expect(within(table).getByTestId('aged-total-NGN')).toHaveTextContent('₦1,680.00'));
    const cellsOf = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // A client owing in two currencies has a row in each; each currency has its own total.
    expect(
      within(table)
        .getAllByRole('row', { name: /Ada Lovelace/ })
        .map(cellsOf),
    ).toEqual([
      ['Ada Lovelace', 'NGN', '4', '₦480.00', '₦700.00', '₦500.00', '₦0.00', '₦0.00', '₦1,680.00'],
      ['Ada Lovelace', 'USD', '1', '$0.00', '$0.00', '$0.00', '$0.00', '$75.50', '$75.50'],
    ]);
    expect(within(table).getByTestId('aged-total-USD')).toHaveTextContent('$75.50');
  });
});
