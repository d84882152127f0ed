import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { MatterCourtUpdatesTab } from '../components/matter-court-updates-tab.tsx';
import {
  allowSlowRenders,
  CLIENT_ID,
  COURT_UPDATE_API,
  COURT_UPDATE_ID,
  courtUpdateAnswers,
  courtUpdateListItem,
  MATTER_ID,
  sessionWith,
  stubApi,
} from './stub-court-updates.ts';

allowSlowRenders();

const OLDER_ID = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
const renderTab = (permissions?: string[]) =>
  renderRoutes([{ path: '/matter/:id', element: <MatterCourtUpdatesTab matterId={MATTER_ID} clientId={CLIENT_ID} isMatterOpen /> }], {
    path: `/matter/${MATTER_ID}?activeTab=court-updates`,
    session: sessionWith(permissions),
  });

describe('Matter Court updates tab', { timeout: 60_000 }, () => {
  it('shows the matter’s hearings, the latest first, with their next adjourned dates', async () => {
    const api = stubApi({
      [`GET ${COURT_UPDATE_API.list}`]: () =>
        courtUpdateAnswers.page([
          courtUpdateListItem(),
          courtUpdateListItem({ id: OLDER_ID, hearingDate: '2024-01-15', nextAdjournedDate: '2024-03-05', nextAdjournedPurpose: 'Trial' }),
        ]),
    });
    renderTab();
    const history = await screen.findByRole('list', { name: 'Court history' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Hearing of 05/03/2024' })).toHaveAttribute(
      'href',
      `/view/court-update?id=${COURT_UPDATE_ID}`,
    );
    expect(within(items[0]!).getByText('10/04/2024 09:30')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Hearing of 15/01/2024' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('Trial')).toBeInTheDocument();
    const query = api.lastQuery(COURT_UPDATE_API.list)!;
    expect(query.get('MatterId')).toBe(MATTER_ID);
    expect(query.get('sortColumn')).toBe('hearingDate');
    expect(query.get('sortType')).toBe('desc');
    expect(screen.getByRole('link', { name: 'Add court update' })).toHaveAttribute(
      'href',
      `/progress-update/add-progress-update?iscourtupdate=true&matterId=${MATTER_ID}`,
    );
  });

  it('offers no Add court update without courtUpdate.create, and says when there is none yet', async () => {
    stubApi({ [`GET ${COURT_UPDATE_API.list}`]: () => courtUpdateAnswers.page([]) });
    renderTab(['courtUpdate']);
    expect(await screen.findByText('No court update on this matter yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add court update' })).not.toBeInTheDocument();
  });
});
