import type { DashboardSummary, MyTime } from '@matterhorn/shared';
import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FIGURES_KEY } from '../../../lib/app-state/figure-keys.ts';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const profile = fakeProfile({ roleName: 'Fee Earner' });
const session = fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['timeEntry', 'timeEntry.create'] });

const summary: DashboardSummary = {
  firmName: 'Obi & Co',
  activeClientCount: 12,
  openMatterCount: 7,
  closedMatterCount: 1,
  teamMemberCount: 3,
  mattersByBillingType: [],
  recentMatters: [],
};

const day = (date: string, billableHours = '0.0000') => ({ date, billableHours, nonBillableHours: '0.0000' });
const myTime = (todayHours: string): MyTime => ({
  timeZone: 'Africa/Lagos',
  today: '2025-03-12',
  weekStart: '2025-03-10',
  weekEnd: '2025-03-16',
  days: [
    day('2025-03-10'),
    day('2025-03-11'),
    day('2025-03-12', todayHours),
    day('2025-03-13'),
    day('2025-03-14'),
    day('2025-03-15'),
    day('2025-03-16'),
  ],
  weekBillableHours: todayHours,
  weekNonBillableHours: '0.0000',
  weekTotalHours: todayHours,
  unbilledHours: todayHours,
  unbilledAmount: '0.00',
  currencySymbol: '₦',
});

/**
 * What saving a time entry does to the figures (the time-entry popup's save, tested with it in
 * time-entries/test/figures-refresh.test.tsx): it invalidates the shared figures key of lib/.
 */
function TimeEntrySaved() {
  const queryClient = useQueryClient();
  return <Button onClick={() => void queryClient.invalidateQueries({ queryKey: FIGURES_KEY })}>Time entry saved</Button>;
}

describe('DashboardPage: figures after a time entry is saved', () => {
  it("reads the user's week again and shows the new hours, with no reload", async () => {
    let hours = '2.0000';
    const api = stubApi({
      'GET /admin/dashboard/get-dashboard-summary': { data: summary },
      'GET /admin/dashboard/get-my-time': () => ({ data: myTime(hours) }),
    });
    const user = userEvent.setup();
    renderAt(
      <>
        <DashboardPage />
        <TimeEntrySaved />
      </>,
      { session },
    );
    const card = await screen.findByRole('region', { name: 'My time this week' });
    expect(await within(card).findByTestId('my-time-This week')).toHaveTextContent('2.00 h');

    hours = '3.5000';
    await user.click(screen.getByRole('button', { name: 'Time entry saved' }));
    await waitFor(() => expect(within(card).getByTestId('my-time-This week')).toHaveTextContent('3.50 h'));
    expect(api.callsTo('GET', '/admin/dashboard/get-my-time')).toHaveLength(2);
  });
});
