import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { ActivityTypesPage } from './activity-types-page.tsx';
import { PracticeAreasPage } from './practice-areas-page.tsx';

const administrator = fakeSession({ permissions: ['administrator'] });
const feeEarner = fakeSession({ permissions: ['clientInfo.view'] });

const PRACTICE_AREAS = '/admin/practice-area/get-practice-areas';
const ACTIVITY_TYPES = '/admin/activity/get-activity-type';

describe('PracticeAreasPage', () => {
  const stub = (deleted: string[] = []) =>
    stubApi({
      [`GET ${PRACTICE_AREAS}`]: () => ({
        data: [
          { id: 'pa-1', name: 'Litigation', matterCount: 3 },
          { id: 'pa-2', name: 'Probate', matterCount: 0 },
        ].filter((area) => !deleted.includes(area.id)),
      }),
      'DELETE /admin/practice-area/delete-practice-area/pa-1': () => {
        deleted.push('pa-1');
        return { message: 'Practice area deleted' };
      },
    });

  it('lists the areas with their matters, and deletes one after saying what it affects', async () => {
    const user = userEvent.setup();
    const api = stub();
    renderAt(<PracticeAreasPage />, { session: administrator });
    const table = await screen.findByRole('table', { name: 'Practice areas' });
    expect(within(table).getByRole('row', { name: /Litigation 3/ })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete Litigation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Litigation?' });
    expect(within(dialog).getByText('3 matters use this practice area.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/admin/practice-area/delete-practice-area/pa-1')).toHaveLength(1));
    await waitFor(() => expect(within(table).queryByText('Litigation')).not.toBeInTheDocument());
  });

  it('opens the editor to add or edit', async () => {
    const user = userEvent.setup();
    stub();
    renderAt(<PracticeAreasPage />, { session: administrator });
    await user.click(await screen.findByRole('button', { name: 'Add practice area' }));
    expect(await screen.findByRole('dialog', { name: 'New practice area' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Probate' }));
    expect(await screen.findByRole('dialog', { name: 'Edit practice area' })).toBeInTheDocument();
  });

  it('is read-only without the permission to change settings', async () => {
    stub();
    renderAt(<PracticeAreasPage />, { session: feeEarner });
    const table = await screen.findByRole('table', { name: 'Practice areas' });
    expect(within(table).getByText('Probate')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add practice area' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('ActivityTypesPage', () => {
  it('shows each UTBMS code by its name, and says when there is nothing yet', async () => {
    stubApi({
      [`GET ${ACTIVITY_TYPES}`]: {
        data: [
          { id: 'at-1', activityType: 'Drafting', utbmsCode: 'A103' },
          { id: 'at-2', activityType: 'Travel', utbmsCode: null },
        ],
      },
    });
    renderAt(<ActivityTypesPage />, { session: administrator });
    const table = await screen.findByRole('table', { name: 'Activity types' });
    expect(within(table).getByRole('row', { name: /Drafting A103/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Travel —/ })).toBeInTheDocument();

    stubApi({ [`GET ${ACTIVITY_TYPES}`]: { data: [] } });
    renderAt(<ActivityTypesPage />, { session: administrator });
    expect(await screen.findByText('No activity types yet.')).toBeInTheDocument();
  });
});
