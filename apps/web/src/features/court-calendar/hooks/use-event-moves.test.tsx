import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/render.tsx';
import { CALENDAR_CALLS, EVENT_ID, occurrence, prepareCalendarTests, stubApi } from '../test/stub-court-calendar.ts';
import { eventItem } from '../utils/calendar-items.ts';
import { wallClockDate } from '../utils/wall-clock.ts';
import { ALL_DAY_SWITCH_TEXT, useEventMoves } from './use-event-moves.ts';

beforeAll(prepareCalendarTests);

const wrapper = ({ children }: { children: ReactNode }) => <TestProviders>{children}</TestProviders>;
const renderMoves = () => renderHook(() => useEventMoves({ From: '2025-03-09', To: '2025-03-15', Scope: 'firm' }), { wrapper });
const at = (local: string) => wallClockDate(local);

describe('dragging an event', () => {
  it('sends move-event the minutes it moved (and its new length after a resize), then says where it went', async () => {
    const api = stubApi();
    const { result } = renderMoves();
    const meeting = eventItem(occurrence({ isRecurring: true }));

    await act(() => result.current.change(meeting, { start: at('2025-03-13T15:30'), end: at('2025-03-13T16:30') }, 'move'));
    await act(() => result.current.change(meeting, { start: at('2025-03-14T10:00'), end: at('2025-03-14T12:00') }, 'resize'));

    const moves = api.callsTo('POST', CALENDAR_CALLS.move(EVENT_ID));
    expect(moves.map((call) => call.body)).toEqual([{ deltaMinutes: -1110 }, { deltaMinutes: 0, durationMinutes: 120 }]);
    await waitFor(() =>
      expect(result.current.announcement).toBe('Moved every occurrence of “Client meeting”: this one is now 14/03/2025 10:00 – 12:00.'),
    );
  });

  it('sends nothing for a drop between the all-day row and the hours, and says how to do it instead', async () => {
    const api = stubApi();
    const { result } = renderMoves();
    await act(() =>
      result.current.change(
        eventItem(occurrence()),
        { start: at('2025-03-14T00:00'), end: at('2025-03-15T00:00'), isAllDay: true },
        'move',
      ),
    );
    expect(api.callsTo('POST', CALENDAR_CALLS.move(EVENT_ID))).toHaveLength(0);
    expect(result.current.announcement).toBe(ALL_DAY_SWITCH_TEXT);
  });

  it('says so when the server refuses the move', async () => {
    stubApi({ [`POST ${CALENDAR_CALLS.move(EVENT_ID)}`]: { status: 400, message: 'Ask for at most 100 days at a time' } });
    const { result } = renderMoves();
    await act(() => result.current.change(eventItem(occurrence()), { start: at('2025-03-14T11:00'), end: at('2025-03-14T12:00') }, 'move'));
    expect(result.current.announcement).toBe('“Client meeting” was not moved.');
  });
});
