import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MatterTimeTab } from '../components/matter-time-tab.tsx';
import { CLIENT_ID, entry, LIST, MATTER_ID, page, sessionWith, stubApi, TOTALS, allowSlowRenders } from './stub-time-entries.ts';

allowSlowRenders();

const ALL = ['timeEntry', 'timeEntry.create', 'timeEntry.edit', 'timeEntry.delete'];

function renderTab(permissions: string[], isMatterOpen = true) {
  return renderRoutes(
    [{ path: '/matter/:id', element: <MatterTimeTab matterId={MATTER_ID} clientId={CLIENT_ID} isMatterOpen={isMatterOpen} /> }],
    {
      path: `/matter/${MATTER_ID}?activeTab=time`,
      session: sessionWith(permissions),
    },
  );
}

beforeEach(() => timeEntryPopup.close());

describe('MatterTimeTab', { timeout: 60_000 }, () => {
  it('lists the matter’s entries and totals, without repeating the client and matter', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page([entry({ duration: '0.25', totalAmount: '375' })]) });
    renderTab(ALL);
    const row = await screen.findByRole('row', { name: /Drafted the claim/ });
    // Lists show hours to 2 decimals (issue 13).
    expect(within(row).getByText('0.25')).toBeInTheDocument();
    expect(within(row).getByText('₦375.00')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Client/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Matter/ })).not.toBeInTheDocument();
    expect(api.lastQuery(LIST)?.get('MatterId')).toBe(MATTER_ID);
    await waitFor(() => expect(screen.getByTestId('total-hours')).toHaveTextContent(/^12\.25$/));
    expect(api.lastQuery(TOTALS)?.get('MatterId')).toBe(MATTER_ID);
    expect(screen.getByRole('link', { name: 'Open in Time Entries' })).toHaveAttribute(
      'href',
      `/time-entries?clientId=${CLIENT_ID}&matterId=${MATTER_ID}`,
    );
  });

  it('opens the popup prefilled with the client and matter from Add time', async () => {
    stubApi();
    const user = userEvent.setup();
    renderTab(ALL);
    await user.click(await screen.findByRole('button', { name: 'Add time' }));
    expect(timeEntryPopup.getSnapshot()).toMatchObject({ isOpen: true, request: { clientId: CLIENT_ID, matterId: MATTER_ID } });
  });

  it('takes no new time on a closed matter', async () => {
    stubApi();
    renderTab(ALL, false);
    expect(await screen.findByRole('button', { name: 'Add time' })).toBeDisabled();
  });

  it('offers Add time only with timeEntry.create', async () => {
    stubApi();
    renderTab(['timeEntry']);
    await screen.findByRole('row', { name: /Drafted the claim/ });
    expect(screen.queryByRole('button', { name: 'Add time' })).not.toBeInTheDocument();
  });

  it('sorts and pages within the tab', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page([entry()], { totalCount: 45 }) });
    const user = userEvent.setup();
    renderTab(ALL);
    await screen.findByRole('row', { name: /Drafted the claim/ });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('page')).toBe('2'));
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('SortBy')).toBe('totalAmount asc'));
    expect(api.lastQuery(LIST)?.get('page')).toBe('1');
    expect(api.lastQuery(LIST)?.get('MatterId')).toBe(MATTER_ID);
  });

  it('says so instead of calling the list without timeEntry', async () => {
    const api = stubApi();
    renderTab(['matterMaster']);
    expect(
      await screen.findByText("You don't have permission to perform this action. Please contact your admin to provide access"),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', LIST)).toHaveLength(0);
  });
});
