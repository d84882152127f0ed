import { upcomingHearingsRoute, type DashboardSummary } from '@matterhorn/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client.ts';
import { workingUserOf } from '../../../lib/session/working-user.ts';
import { COURT_CALENDAR_CALLS, courtCalendarAnswers, hearing } from '../../../test/msw/court-calendar-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { UPCOMING_HEARINGS_PATH } from '../api/get-upcoming-hearings.ts';
import { DashboardPage } from '../pages/dashboard-page.tsx';

const profile = fakeProfile();
const sessionWith = (permissions: string[]) => fakeSession({ profile, workingUser: workingUserOf(profile), permissions });
const summary: DashboardSummary = {
  firmName: 'Obi & Co',
  activeClientCount: 0,
  openMatterCount: 0,
  closedMatterCount: 0,
  teamMemberCount: 0,
  mattersByBillingType: [],
  recentMatters: [],
};
const SUMMARY = 'GET /admin/dashboard/get-dashboard-summary';
const HEARINGS = `GET ${COURT_CALENDAR_CALLS.upcomingHearings}`;

describe('DashboardPage: upcoming hearings', () => {
  it("calls the hearings contract's path (kept literal so the dashboard does not load the hearing schemas)", () => {
    expect(`${API_BASE}${UPCOMING_HEARINGS_PATH}`).toBe(upcomingHearingsRoute.path);
  });

  it("lists the user's next hearings, each linking to its court update and matter", async () => {
    stubApi({
      [SUMMARY]: { data: summary },
      [HEARINGS]: courtCalendarAnswers.hearings({
        hearings: [
          hearing(),
          hearing({
            courtUpdateId: 'cu-2',
            date: '2025-03-13',
            time: null,
            purpose: null,
            suitNumber: 'FHC/L/9/2025',
            matterId: 'matter-2',
            matterName: 'Estate of Obi',
          }),
          hearing({ courtUpdateId: 'cu-3', date: '2025-03-20', time: '11:30', suitNumber: 'LD/7/2025' }),
        ],
      }),
    });
    renderAt(<DashboardPage />, { path: '/dashboard', session: sessionWith([]) });

    const card = await screen.findByRole('region', { name: 'Upcoming hearings' });
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Today, 12/03/2025 · 09:00 · High Court of LagosLD/123/2024 · Acme v BetaMention',
      'Tomorrow, 13/03/2025 · High Court of LagosFHC/L/9/2025 · Estate of Obi',
      '20/03/2025 · 11:30 · High Court of LagosLD/7/2025 · Acme v BetaMention',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Court update FHC/L/9/2025' })).toHaveAttribute('href', '/view/court-update?id=cu-2');
    expect(within(rows[1]!).getByRole('link', { name: 'Estate of Obi' })).toHaveAttribute('href', '/matter/matter-2');
    // Without courtUpdate there is no calendar to open, nor a firm view to offer.
    expect(within(card).queryByRole('link', { name: 'Open court calendar' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('switches between my hearings and the firm’s when the answer allows it', async () => {
    const api = stubApi({
      [SUMMARY]: { data: summary },
      [HEARINGS]: (call) =>
        call.query.get('Scope') === 'firm'
          ? courtCalendarAnswers.hearings({ scope: 'firm', canSeeFirm: true, hearings: [hearing({ suitNumber: 'FIRM/1/2025' })] })
          : courtCalendarAnswers.hearings({ canSeeFirm: true, hearings: [hearing({ suitNumber: 'MINE/1/2025' })] }),
    });
    renderAt(<DashboardPage />, { path: '/dashboard', session: sessionWith(['courtUpdate']) });

    const card = await screen.findByRole('region', { name: 'Upcoming hearings' });
    expect(await within(card).findByText('MINE/1/2025')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open court calendar' })).toHaveAttribute('href', '/calendar');

    await userEvent.click(within(card).getByRole('radio', { name: 'Firm' }));
    expect(await within(card).findByText('FIRM/1/2025')).toBeInTheDocument();
    expect(api.callsTo('GET', COURT_CALENDAR_CALLS.upcomingHearings).map((call) => call.query.get('Scope'))).toEqual(['mine', 'firm']);
  });

  it('says when there is nothing in the next 14 days, and when the hearings could not be loaded', async () => {
    stubApi({ [SUMMARY]: { data: summary }, [HEARINGS]: courtCalendarAnswers.hearings({ hearings: [] }) });
    const { unmount } = renderAt(<DashboardPage />, { path: '/dashboard', session: sessionWith([]) });
    const card = await screen.findByRole('region', { name: 'Upcoming hearings' });
    expect(await within(card).findByText('No hearings in the next 14 days')).toBeInTheDocument();
    unmount();

    stubApi({ [SUMMARY]: { data: summary }, [HEARINGS]: { status: 500, message: 'Something went wrong' } });
    renderAt(<DashboardPage />, { path: '/dashboard', session: sessionWith([]) });
    const failed = await screen.findByRole('region', { name: 'Upcoming hearings' });
    expect(await within(failed).findByRole('alert')).toHaveTextContent('The upcoming hearings could not be loaded.');
  });
});
