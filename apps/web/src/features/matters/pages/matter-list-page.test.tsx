import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { CLIENT_ID, MATTER_ID, sessionWith, stubApi, USER_B } from '../test/stub-api.ts';
import { MatterListPage } from './matter-list-page.tsx';

// A list page renders Mantine's filters before its rows: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 10_000 });

const routes = [{ path: '/matter/matter-list', element: <MatterListPage /> }];
const LIST = '/admin/matter-master/get-matter-list';

const lastListQuery = (callsTo: ReturnType<typeof stubApi>['callsTo']) => callsTo('GET', LIST).at(-1)?.query;

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('MatterListPage', { timeout: 60_000 }, () => {
  it('reads the global search from the URL and sends it as GeneralSearchText', async () => {
    const api = stubApi({
      [`GET /api${LIST}`]: () => ({
        data: {
          data: [
            {
              id: MATTER_ID,
              matterNumber: 'MAT-00001',
              matterName: 'Acme v Beta',
              matterRate: 'Hourly',
              status: 'Open',
              clientId: CLIENT_ID,
              clientName: 'Ada Lovelace',
              matterOpenDate: '2024-03-05',
              matterCloseDate: null,
              assignedTo: [{ userId: USER_B, name: 'Alan Turing' }],
              practiceAreas: [],
              createdAt: '2024-03-05T10:00:00Z',
            },
          ],
          page: 1,
          size: 20,
          totalCount: 1,
        },
      }),
    });
    renderRoutes(routes, { path: '/matter/matter-list?search=acme', session: sessionWith(['matterMaster']) });
    expect(await screen.findByRole('link', { name: 'Acme v Beta' })).toHaveAttribute('href', `/matter/${MATTER_ID}`);
    expect(lastListQuery(api.callsTo)?.get('GeneralSearchText')).toBe('acme');
    expect(screen.getByRole('searchbox', { name: 'Search matters' })).toHaveValue('acme');
    expect(screen.getByText('05/03/2024')).toBeInTheDocument();
    expect(screen.getByText('1 matter')).toBeInTheDocument();
  });

  it('sends the client, status, billing type and fee earner filters', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/matter/matter-list', session: sessionWith(['matterMaster']) });
    await screen.findByText('No matter found.');

    await choose(user, 'Client', 'Ada Lovelace');
    await waitFor(() => expect(lastListQuery(api.callsTo)?.get('ClientId')).toBe(CLIENT_ID));
    await choose(user, 'Status', 'Closed');
    await waitFor(() => expect(lastListQuery(api.callsTo)?.get('Status')).toBe('Closed'));
    await choose(user, 'Billing type', 'Flat Rate');
    await waitFor(() => expect(lastListQuery(api.callsTo)?.get('MatterRate')).toBe('Flat Rate'));
    await choose(user, 'Fee earner', 'Alan Turing');
    await waitFor(() => expect(lastListQuery(api.callsTo)?.get('AssignedUserId')).toBe(USER_B));

    const query = lastListQuery(api.callsTo);
    expect(query?.get('ClientId')).toBe(CLIENT_ID);
    expect(query?.get('Status')).toBe('Closed');

    await choose(user, 'Client', 'Everyone');
    await waitFor(() => expect(lastListQuery(api.callsTo)?.has('ClientId')).toBe(false));
  }, 60_000);

  it('sorts by a column and sends the sort', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/matter/matter-list', session: sessionWith(['matterMaster']) });
    await screen.findByText('No matter found.');
    await user.click(screen.getByRole('button', { name: /Client/ }));
    await waitFor(() => expect(lastListQuery(api.callsTo)?.get('sortColumn')).toBe('clientName'));
    expect(lastListQuery(api.callsTo)?.get('sortType')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Client/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows Add matter only with matterMaster.create', async () => {
    stubApi();
    renderRoutes(routes, { path: '/matter/matter-list', session: sessionWith(['matterMaster']) });
    await screen.findByText('No matter found.');
    expect(screen.queryByRole('link', { name: 'Add matter' })).not.toBeInTheDocument();
  });

  it('links Add matter to the form when allowed', async () => {
    stubApi();
    renderRoutes(routes, { path: '/matter/matter-list', session: sessionWith(['matterMaster', 'matterMaster.create']) });
    expect(await screen.findByRole('link', { name: 'Add matter' })).toHaveAttribute('href', '/matter/add-new-matter');
  });
});

describe('MatterListPage with a capped total', { timeout: 60_000 }, () => {
  it('shows 1,000+ matters and pages on past the cap while pages are full', async () => {
    const row = (index: number) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      matterNumber: `MAT-${String(index).padStart(5, '0')}`,
      matterName: `Matter ${index}`,
      matterRate: 'Hourly',
      status: 'Open',
      clientId: CLIENT_ID,
      clientName: 'Ada Lovelace',
      matterOpenDate: '2024-03-05',
      matterCloseDate: null,
      assignedTo: [],
      practiceAreas: [],
      createdAt: '2024-03-05T10:00:00Z',
    });
    const api = stubApi({
      [`GET /api${LIST}`]: () => ({
        data: {
          data: Array.from({ length: 20 }, (_, index) => row(index)),
          page: 50,
          size: 20,
          totalCount: 1000,
          isTotalCountCapped: true,
        },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/matter/matter-list?page=50', session: sessionWith(['matterMaster']) });
    expect(await screen.findByText(/1,000\+ matters/)).toBeInTheDocument();
    expect(screen.getByText(/narrow the search or filters for an exact count/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'next page' }));
    await waitFor(() => expect(lastListQuery(api.callsTo)?.get('page')).toBe('51'));
  });
});
