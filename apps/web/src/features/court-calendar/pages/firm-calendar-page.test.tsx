import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import {
  axeViolations,
  CALENDAR_CALLS,
  calendarAnswers,
  calendarTask,
  EVENT_ID,
  HEARINGS,
  occurrence,
  prepareCalendarTests,
  sessionWith,
  stubApi,
  TASK_ID,
} from '../test/stub-court-calendar.ts';
import { CourtCalendarPage } from './court-calendar-page.tsx';

beforeAll(prepareCalendarTests);

const renderPage = (search: string, permissions?: string[]) =>
  renderAt(
    <main>
      <CourtCalendarPage />
    </main>,
    { path: `/calendar${search}`, session: sessionWith(permissions) },
  );

describe('The firm calendar', { timeout: 60_000 }, () => {
  it('shows court dates, tasks due and events of the range, each a link to what it is, and hides a kind on request', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderPage('?date=2025-03-12');

    const calendar = await screen.findByRole('region', { name: 'Hearings calendar' });
    expect(await within(calendar).findByRole('link', { name: '10:00 Client meeting' })).toHaveAttribute(
      'href',
      expect.stringContaining(`event=${EVENT_ID}`),
    );
    expect(within(calendar).getByRole('link', { name: 'Task: File the defence' })).toHaveAttribute('href', `/tasks?task=${TASK_ID}`);
    expect(within(calendar).getByRole('link', { name: '09:00 LD/123/2024 — Acme v Beta' })).toHaveAttribute(
      'href',
      '/view/court-update?id=cu-1',
    );
    const query = api.lastQuery(CALENDAR_CALLS.range);
    expect([query?.get('From'), query?.get('To'), query?.get('Scope')]).toEqual(['2025-02-23', '2025-04-05', 'firm']);

    await user.click(within(calendar).getByRole('checkbox', { name: 'Tasks' }));
    await waitFor(() => expect(within(calendar).queryByRole('link', { name: 'Task: File the defence' })).not.toBeInTheDocument());
    expect(within(calendar).getByRole('link', { name: '10:00 Client meeting' })).toBeInTheDocument();
    expect(router.state.location.search).toContain('hide=task');
  });

  it("switches to the member's own calendar, asking for Scope=mine, and keeps it in the URL", async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderPage('?view=agenda&date=2025-03-10');
    const filters = screen.getByRole('region', { name: 'Filters' });
    await waitFor(() => expect(api.lastQuery(CALENDAR_CALLS.range)?.get('Scope')).toBe('firm'));
    await user.click(within(filters).getByRole('radio', { name: 'My calendar' }));
    await waitFor(() => expect(api.lastQuery(CALENDAR_CALLS.range)?.get('Scope')).toBe('mine'));
    expect(api.lastQuery(HEARINGS)?.get('Scope')).toBe('mine');
    expect(router.state.location.search).toContain('scope=mine');
  });

  it('draws a day in the day view, a timed task at its time and an all-day event in the all-day row', async () => {
    const api = stubApi({
      [`GET ${CALENDAR_CALLS.range}`]: () =>
        calendarAnswers.range(
          [
            occurrence(),
            occurrence({
              eventId: 'other',
              title: 'Filing deadline',
              kind: 'Deadline',
              isAllDay: true,
              start: '2025-03-14T00:00',
              end: '2025-03-14T00:00',
            }),
          ],
          [calendarTask({ dueDate: '2025-03-14', dueTime: '15:30' })],
        ),
    });
    const user = userEvent.setup();
    renderPage('?view=day&date=2025-03-14');
    const calendar = await screen.findByRole('region', { name: 'Hearings calendar' });
    expect(await within(calendar).findByRole('button', { name: /10:00 – 11:00\s*Client meeting/ })).toHaveAttribute('tabindex', '0');
    expect(within(calendar).getByRole('button', { name: /Task: 15:30 File the defence/ })).toBeInTheDocument();
    expect(within(calendar).getByRole('link', { name: 'Filing deadline' })).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
    const query = api.lastQuery(CALENDAR_CALLS.range);
    expect([query?.get('From'), query?.get('To')]).toEqual(['2025-03-14', '2025-03-14']);

    // The event's box opens its form; the task's box, with the keyboard, opens the task.
    await user.click(within(calendar).getByRole('button', { name: /Client meeting/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(await within(dialog).findByRole('textbox', { name: /^Title/ })).toHaveValue('Client meeting');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit event' })).not.toBeInTheDocument());
    within(calendar)
      .getByRole('button', { name: /Task: 15:30 File the defence/ })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent(`/tasks?task=${TASK_ID}`);
  });

  it.each(['month', 'week', 'day', 'agenda'])('has no axe violation of any impact in the %s view', async (view) => {
    stubApi();
    renderPage(`?view=${view}&date=2025-03-14`);
    const calendar = await screen.findByRole('region', { name: 'Hearings calendar' });
    await within(calendar).findAllByText(/Client meeting/);
    await waitFor(() => expect(calendar).toHaveAttribute('aria-busy', 'false'));
    expect(await axeViolations()).toEqual([]);
  });
});
