import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { CLIENT_ID, MATTER_ID, sessionWith, stubApi, USER_A, USER_B } from '../test/stub-api.ts';
import { MatterViewPage } from './matter-view-page.tsx';

const routes = [{ path: '/matter/:id', element: <MatterViewPage /> }];
const VIEW = 'GET /api/admin/matter-master/get-matter-view';
const ALL = ['matterMaster', 'matterMaster.edit', 'matterMaster.delete', 'timeEntry', 'trustAccountRequest'];

const matter = {
  id: MATTER_ID,
  matterNumber: 'MAT-00012',
  matterName: 'Estate of Babbage',
  matterRate: 'Flat Rate',
  description: 'Probate of the estate.',
  status: 'Open',
  matterPracticeAreas: [{ id: '77777777-7777-4777-8777-777777777777', name: 'Probate' }],
  shelfLocation: 'Cabinet 4',
  clientMatterReference: 'LIT/2026/117',
  matterAssignedToInfos: [
    { userId: USER_A, name: 'Grace Hopper', hourlyRate: '1500.00' },
    { userId: USER_B, name: 'Alan Turing', hourlyRate: '200.50' },
  ],
  matterOpenDate: '2024-03-05',
  matterCloseDate: null,
  hourlyRates: null,
  hourlyRatesActual: [],
  flatRate: '25000.00',
  contigencyRate: null,
  contingencyPercentage: null,
  client: { id: CLIENT_ID, name: 'Ada Lovelace', clientType: 'individual' },
  parties: [
    { id: 'p1', partyRole: 'opposing', partyType: 'company', name: 'Difference Engines Ltd', notes: 'Claimant' },
    { id: 'p2', partyRole: 'related', partyType: 'individual', name: 'Charles Babbage Jr', notes: '' },
  ],
  customFields: {},
  createdAt: '2024-03-05T10:00:00Z',
  updatedAt: '2024-03-05T10:00:00Z',
};

describe('MatterViewPage', () => {
  it('shows the overview with fee earners, their rates and the parties', async () => {
    const api = stubApi({ [VIEW]: () => ({ data: matter }) });
    renderRoutes(routes, { path: `/matter/${MATTER_ID}`, session: sessionWith(ALL) });
    expect(await screen.findByRole('heading', { name: 'Estate of Babbage' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/matter-master/get-matter-view')[0]?.query.get('matterid')).toBe(MATTER_ID);
    // The Overview tab's details load in their own chunk, just after the page.
    expect(await screen.findByText('₦25,000.00')).toBeInTheDocument();
    expect(screen.getByText('05/03/2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/clients/${CLIENT_ID}`);
    const feeEarners = screen.getByRole('table', { name: 'Assigned fee earners' });
    expect(within(feeEarners).getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('₦1,500.00');
    expect(within(feeEarners).getByRole('row', { name: /Alan Turing/ })).toHaveTextContent('₦200.50');
    const parties = screen.getByRole('table', { name: 'Parties' });
    expect(within(parties).getByRole('row', { name: /Difference Engines Ltd/ })).toHaveTextContent('Opposing party');
    expect(within(parties).getByRole('row', { name: /Charles Babbage Jr/ })).toHaveTextContent('Related party');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/matter/${MATTER_ID}/edit`);
    expect(screen.getByRole('button', { name: 'Close matter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('hides Edit, Close and Delete without their permissions', async () => {
    stubApi({ [VIEW]: () => ({ data: matter }) });
    renderRoutes(routes, { path: `/matter/${MATTER_ID}`, session: sessionWith(['matterMaster']) });
    await screen.findByRole('heading', { name: 'Estate of Babbage' });
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close matter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('keeps the tab in ?activeTab= and says honestly what arrives later', async () => {
    stubApi({ [VIEW]: () => ({ data: matter }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: `/matter/${MATTER_ID}?activeTab=trust`, session: sessionWith(ALL) });
    expect(await screen.findByText(/when the Trust accounting module arrives/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Time' }));
    expect(router.state.location.search).toBe('?activeTab=time');
    expect(screen.getByText(/when the Time entries module arrives/)).toBeInTheDocument();
  });

  it("shows a module's tab only to those who hold its permission (SPEC.md §6)", async () => {
    stubApi({ [VIEW]: () => ({ data: matter }) });
    const { unmount } = renderRoutes(routes, { path: `/matter/${MATTER_ID}`, session: sessionWith(['matterMaster']) });
    await screen.findByRole('heading', { name: 'Estate of Babbage' });
    // Messages with the client belong to whoever may open the matter.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Expenses', 'Tasks', 'Messages']);
    unmount();
    renderRoutes(routes, { path: `/matter/${MATTER_ID}`, session: sessionWith(['matterMaster', 'activity', 'document']) });
    await screen.findByRole('heading', { name: 'Estate of Babbage' });
    // activity stands for both progressNote and courtUpdate.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Expenses',
      'Notes',
      'Tasks',
      'Court updates',
      'Documents',
      'Messages',
    ]);
  });

  it('fills a tab with the panel the app composes in, given the matter', async () => {
    stubApi({ [VIEW]: () => ({ data: matter }) });
    const withTimeTab = [
      {
        path: '/matter/:id',
        element: <MatterViewPage tabPanels={{ time: (view) => <p>{`Time of ${view.matterName} for ${view.client.id}`}</p> }} />,
      },
    ];
    renderRoutes(withTimeTab, { path: `/matter/${MATTER_ID}?activeTab=time`, session: sessionWith(ALL) });
    expect(await screen.findByText(`Time of Estate of Babbage for ${CLIENT_ID}`)).toBeInTheDocument();
    expect(screen.queryByText(/when the Time entries module arrives/)).not.toBeInTheDocument();
  });

  it('closes a matter with its close date', async () => {
    const api = stubApi({
      [VIEW]: () => ({ data: matter }),
      [`POST /api/admin/matter-master/close-matter/${MATTER_ID}`]: () => ({
        data: { ...matter, status: 'Closed', matterCloseDate: '2024-12-31' },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/matter/${MATTER_ID}`, session: sessionWith(ALL) });
    await user.click(await screen.findByRole('button', { name: 'Close matter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close matter' });
    const date = within(dialog).getByRole('combobox', { name: 'Close date' });
    await user.clear(date);
    await user.type(date, '31/12/2024');
    await user.click(within(dialog).getByRole('button', { name: 'Close matter' }));
    await waitFor(() => expect(api.callsTo('POST', `/admin/matter-master/close-matter/${MATTER_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `/admin/matter-master/close-matter/${MATTER_ID}`)[0]!.body).toEqual({ matterCloseDate: '2024-12-31' });
  }, 60_000);

  it('deletes after confirming and goes back to the list', async () => {
    const api = stubApi({
      [VIEW]: () => ({ data: matter }),
      [`DELETE /api/admin/matter-master/delete-matter/${MATTER_ID}`]: () => ({ data: null }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: `/matter/${MATTER_ID}`, session: sessionWith(ALL) });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Matter?' });
    // It says exactly what goes with the matter, where to restore it, and what stops a delete.
    expect(dialog).toHaveTextContent(
      'Estate of Babbage and its time, expenses, flat fees, notes, court updates and documents go to the recycle bin. They can be restored from Settings › Recycle bin until it is emptied. A matter with invoices, trust money or journals cannot be deleted: close it instead.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matter/matter-list'));
    expect(api.callsTo('DELETE', `/admin/matter-master/delete-matter/${MATTER_ID}`)).toHaveLength(1);
  }, 60_000);

  it('reads Matter not found for a deleted or unknown matter', async () => {
    stubApi({ [VIEW]: () => ({ status: 404, message: 'Matter not found' }) });
    renderRoutes(routes, { path: `/matter/${MATTER_ID}`, session: sessionWith(ALL) });
    expect(await screen.findByRole('heading', { name: 'Matter not found' })).toBeInTheDocument();
  });
});
