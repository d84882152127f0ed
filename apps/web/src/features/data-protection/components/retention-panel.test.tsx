import { retentionReviewSchema, type RetentionReview } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { DataProtectionPage } from '../pages/data-protection-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

const BASE = '/api/admin/data-protection/retention-reviews';
const REVIEW_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

function review(overrides: Partial<RetentionReview> = {}): RetentionReview {
  return {
    id: REVIEW_ID,
    period: '2026-11',
    status: 'pending',
    createdAt: '2026-11-01T00:10:00.000Z',
    approvedAt: null,
    approvedBy: null,
    items: [
      {
        id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
        recordType: 'client',
        recordId: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
        recordName: 'Old Harbour Ltd',
        reason: 'Nothing open; last matter, money or record 03/02/2018',
        dueSince: '2018-02-03',
        outcome: null,
      },
    ],
    ...overrides,
  };
}

describe('Settings › Data protection › Retention', { timeout: 60_000 }, () => {
  it('shows what the month’s review found and approves it', async () => {
    let isApproved = false;
    const current = () =>
      isApproved
        ? review({
            status: 'approved',
            approvedAt: '2026-11-02T09:00:00.000Z',
            approvedBy: 'Grace Hopper',
            items: review().items.map((item) => ({ ...item, outcome: 'anonymised' as const })),
          })
        : review();
    const api = stubApi({
      [`GET ${BASE}`]: () => contractAnswer(retentionReviewSchema.array(), [current()]),
      [`POST ${BASE}/${REVIEW_ID}/approve`]: () => {
        isApproved = true;
        return contractAnswer(retentionReviewSchema, current());
      },
    });
    renderRoutes([{ path: '/settings/data-protection', element: <DataProtectionPage /> }], {
      path: '/settings/data-protection?activeTab=retention',
      session: fakeSession({ permissions: ['administrator'] }),
    });
    const table = await screen.findByRole('table', { name: 'Retention review 2026-11' });
    expect(
      within(within(table).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Old Harbour Ltd', 'Client (anonymise)', 'Nothing open; last matter, money or record 03/02/2018', 'Waiting for approval']);

    await userEvent.click(screen.getByRole('button', { name: 'Approve review of 2026-11' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/${REVIEW_ID}/approve`)).toHaveLength(1));
    expect(await screen.findByText('Anonymised')).toBeInTheDocument();
    expect(screen.getByText('Approved 02/11/2026 by Grace Hopper')).toBeInTheDocument();
  });
});
