import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { COURT_ID, courtCalendarAnswers } from '../../../test/msw/court-calendar-answers.ts';
import { renderAt } from '../../../test/render.tsx';
import {
  prepareCalendarTests,
  CALENDAR_CALLS,
  calendarAnswers,
  choose,
  HEARINGS,
  sessionWith,
  stubApi,
  USER_B,
} from '../test/stub-court-calendar.ts';
import { CourtCalendarPage } from './court-calendar-page.tsx';

beforeAll(prepareCalendarTests);

const renderPage = (search: string, permissions?: string[]) =>
  renderAt(<CourtCalendarPage />, { path: `/calendar${search}`, session: sessionWith(permissions) });

describe('CourtCalendarPage', { timeout: 60_000 }, () => {
  it("fetches the month's six weeks and shows each hearing as a link to its court update", async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderPage('?date=2025-03-12');

    const calendar = await screen.findByRole('region', { name: 'Hearings calendar' });
    const link = await within(calendar).findByRole('link', { name: '09:00 LD/123/2024 — Acme v Beta' });
    expect(link).toHaveAttribute('href', '/view/court-update?id=cu-1');
    expect(within(calendar).getByRole('link', { name: 'FHC/L/9/2025 — Estate of Obi' })).toHaveAttribute(
      'href',
      '/view/court-update?id=cu-2',
    );
    expect(within(calendar).getByTestId('calendar-range')).toHaveTextContent('March 2025');
    // March 2025 starts on a Saturday and ends on a Monday: Sunday 23/02 to Saturday 05/04.
    const query = api.lastQuery(HEARINGS);
    expect([query?.get('FromDate'), query?.get('ToDate'), query?.get('Scope')]).toEqual(['2025-02-23', '2025-04-05', 'firm']);

    await user.click(within(calendar).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.lastQuery(HEARINGS)?.get('FromDate')).toBe('2025-03-30'));
    expect(api.lastQuery(HEARINGS)?.get('ToDate')).toBe('2025-05-03');
    expect(router.state.location.search).toContain('date=2025-04-12');
  });

  it('lists 30 days in the agenda, each hearing a link, and asks for what the filters say', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderPage('?view=agenda&date=2025-03-10');

    const calendar = await screen.findByRole('region', { name: 'Hearings calendar' });
    expect(await within(calendar).findByRole('link', { name: '09:00 LD/123/2024 — Acme v Beta' })).toHaveAttribute(
      'href',
      '/view/court-update?id=cu-1',
    );
    expect(within(calendar).getByRole('button', { name: 'Agenda' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(calendar).getByText('Wed 12/03/2025')).toBeInTheDocument();
    expect(api.lastQuery(HEARINGS)?.get('FromDate')).toBe('2025-03-10');
    expect(api.lastQuery(HEARINGS)?.get('ToDate')).toBe('2025-04-08');

    await choose(user, 'Fee earner', 'Alan Turing');
    await waitFor(() => expect(api.lastQuery(HEARINGS)?.get('FeeEarnerId')).toBe(USER_B));
    await choose(user, 'Court', 'High Court of Lagos (Ikeja)');
    await waitFor(() => expect(api.lastQuery(HEARINGS)?.get('CourtId')).toBe(COURT_ID));
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(within(filters).getByRole('radio', { name: 'Firm calendar' })).toBeChecked();
    expect(within(filters).getByLabelText('Calendar')).toBeInTheDocument();
    await user.click(within(filters).getByRole('radio', { name: 'My calendar' }));
    await waitFor(() => expect(api.lastQuery(HEARINGS)?.get('Scope')).toBe('mine'));
    expect(api.lastQuery(HEARINGS)?.get('FeeEarnerId')).toBe(USER_B);
    expect(router.state.location.search).toContain(`feeEarner=${USER_B}`);
  });

  it('opens a timed hearing from the week grid with the keyboard', async () => {
    stubApi();
    const user = userEvent.setup();
    renderPage('?view=week&date=2025-03-12');
    const calendar = await screen.findByRole('region', { name: 'Hearings calendar' });
    const event = await within(calendar).findByRole('button', { name: /LD\/123\/2024 — Acme v Beta/ });
    expect(event).toHaveAttribute('tabindex', '0');
    event.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/view/court-update?id=cu-1');
  });

  it("asks for the member's own court dates when the server does not offer the firm's, while the firm's events stay", async () => {
    const api = stubApi({
      [`GET ${HEARINGS}`]: (call) =>
        courtCalendarAnswers.hearings({
          fromDate: call.query.get('FromDate') ?? '',
          toDate: call.query.get('ToDate') ?? '',
          scope: 'mine',
          canSeeFirm: false,
          hearings: [],
        }),
      [`GET ${CALENDAR_CALLS.range}`]: () => calendarAnswers.range([], []),
    });
    renderPage('?view=agenda&date=2025-03-10');
    await waitFor(() => expect(api.lastQuery(HEARINGS)?.get('Scope')).toBe('mine'));
    expect(api.lastQuery(CALENDAR_CALLS.range)?.get('Scope')).toBe('firm');
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(await within(filters).findByText('Court dates of your matters only')).toBeInTheDocument();
    expect(await screen.findByText('Nothing in this range.')).toBeInTheDocument();
  });

  it("falls back to the member's own calendar, with no switch, when the server refuses the firm's", async () => {
    const api = stubApi({
      [`GET ${CALENDAR_CALLS.range}`]: (call) => (call.query.get('Scope') === 'firm' ? { status: 403 } : calendarAnswers.range()),
    });
    renderPage('?view=agenda&date=2025-03-10', []);
    await waitFor(() => expect(api.lastQuery(CALENDAR_CALLS.range)?.get('Scope')).toBe('mine'));
    expect(api.lastQuery(HEARINGS)?.get('Scope')).toBe('mine');
    const calendar = screen.getByRole('region', { name: 'Hearings calendar' });
    expect(await within(calendar).findByRole('link', { name: '10:00 Client meeting' })).toBeInTheDocument();
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(within(filters).queryByRole('radio', { name: 'Firm calendar' })).not.toBeInTheDocument();
    expect(screen.queryByText('The events and tasks could not be loaded.')).not.toBeInTheDocument();
  });

  it('shows the agenda first on a phone, the court-date filters folded until asked for', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      const api = stubApi();
      const user = userEvent.setup();
      renderPage('?date=2025-03-10');
      const calendar = await screen.findByRole('region', { name: 'Hearings calendar' });
      expect(await within(calendar).findByRole('button', { name: 'Agenda' })).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() => expect(api.lastQuery(HEARINGS)?.get('ToDate')).toBe('2025-04-08'));

      const filters = screen.getByRole('region', { name: 'Filters' });
      expect(within(filters).queryByRole('combobox', { name: 'Fee earner' })).not.toBeInTheDocument();
      await user.click(within(filters).getByRole('button', { name: 'Fee earner and court filters' }));
      await choose(user, 'Fee earner', 'Alan Turing');
      await waitFor(() => expect(api.lastQuery(HEARINGS)?.get('FeeEarnerId')).toBe(USER_B));
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
