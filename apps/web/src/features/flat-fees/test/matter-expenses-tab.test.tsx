import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MatterExpensesTabPanel } from '../../../app/routing/matter-expenses-tab.tsx';
import { renderAt } from '../../../test/render.tsx';
import { allowSlowRenders, CLIENT_ID, FLAT_MATTER_ID, LIST, listItem, matterView, page, sessionWith, stubApi } from './stub-flat-fees.ts';

allowSlowRenders();

describe('The matter view’s Expenses tab', { timeout: 60_000 }, () => {
  it('lists the matter’s flat fees (MatterId) with their totals, and adds one prefilled with the client and matter', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page([listItem()]) });
    renderAt(<MatterExpensesTabPanel matter={matterView()} />, { path: `/matter/${FLAT_MATTER_ID}`, session: sessionWith() });
    const tab = await screen.findByTestId('matter-expenses-tab');
    expect(within(tab).getByRole('heading', { name: 'Flat fees' })).toBeInTheDocument();
    expect(await within(tab).findByRole('row', { name: /First half of the agreed fee/ })).toBeInTheDocument();
    // Inside the matter the client and matter columns would repeat the page.
    expect(within(tab).queryByRole('columnheader', { name: /Matter/ })).not.toBeInTheDocument();
    expect(within(tab).getByTestId('flat-fee-total')).toHaveTextContent('₦3,000,000.50');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('MatterId')).toBe(FLAT_MATTER_ID));
    expect(api.lastQuery(LIST)?.get('IncludeTotals')).toBe('true');
    const add = within(tab).getByRole('link', { name: 'Add flat fee' });
    const target = new URL(add.getAttribute('href')!, 'http://app.test');
    expect(target.pathname).toBe('/billing/flat-fees/add-new-flat-fee');
    expect(target.searchParams.get('clientId')).toBe(CLIENT_ID);
    expect(target.searchParams.get('matterId')).toBe(FLAT_MATTER_ID);
  });

  it('offers no Add on a closed matter and says why', async () => {
    stubApi();
    renderAt(<MatterExpensesTabPanel matter={matterView({ status: 'Closed' })} />, { session: sessionWith() });
    const add = await screen.findByRole('button', { name: 'Add flat fee' });
    expect(add).toBeDisabled();
    expect(add).toHaveAttribute('title', 'A flat fee cannot be added to a closed matter');
  });

  it('tells a user without flatFeePermission, without calling the list', async () => {
    const api = stubApi();
    renderAt(<MatterExpensesTabPanel matter={matterView()} />, { session: sessionWith(['matterMaster']) });
    expect(await screen.findByRole('heading', { name: 'Flat fees' })).toBeInTheDocument();
    // The panel holds the expenses section too (merged from the expense pages): each says so.
    expect(screen.getAllByText(/You don't have permission/)).toHaveLength(2);
    expect(api.callsTo('GET', LIST)).toHaveLength(0);
  });
});
