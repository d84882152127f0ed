import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { eventItem, type CalendarItem } from '../utils/calendar-items.ts';
import type { CalendarView } from '../utils/calendar-params.ts';
import { wallClockText } from '../utils/wall-clock.ts';
import { occurrence, prepareCalendarTests, sessionWith } from '../test/stub-court-calendar.ts';
import { FirmCalendar } from './firm-calendar.tsx';

beforeAll(() => {
  prepareCalendarTests();
  // jsdom has neither pointer capture nor PointerEvent's own fields: a mouse's presses are enough here.
  Element.prototype.setPointerCapture ??= () => {};
});
afterEach(() => vi.restoreAllMocks());

const MEETING = eventItem(occurrence()); // Friday 14/03/2025 10:00–11:00

function renderCalendar(view: CalendarView, items: CalendarItem[] = [MEETING]) {
  const onChangeEvent = vi.fn();
  const onSelectSlot = vi.fn();
  const onNavigate = vi.fn();
  renderAt(
    <FirmCalendar
      items={items}
      view={view}
      date={new Date(2025, 2, 12)}
      onView={() => {}}
      onNavigate={onNavigate}
      actions={{ hrefOf: () => '/calendar?event=1', open: () => {} }}
      onChangeEvent={onChangeEvent}
      onSelectSlot={onSelectSlot}
    />,
    { path: '/calendar', session: sessionWith() },
  );
  return { onChangeEvent, onSelectSlot, onNavigate };
}

/** The pointer is over the day `iso` (jsdom lays nothing out: the test says what is under it). */
function pointerOverDay(iso: string) {
  vi.spyOn(document, 'elementFromPoint').mockImplementation(() => document.querySelector(`[data-day="${iso}"]`));
}

const when = (change: { start: Date; end: Date }) => [wallClockText(change.start), wallClockText(change.end)];

describe('FirmCalendar', () => {
  it('moves a dragged event a day on and an hour later in the week, snapped to a quarter hour', () => {
    const { onChangeEvent } = renderCalendar('week');
    const box = screen.getByRole('button', { name: /10:00 – 11:00\s*Client meeting/ });
    pointerOverDay('2025-03-15');
    fireEvent.pointerDown(box, { button: 0, clientX: 100, clientY: 100 });
    // 48 px an hour: 50 px down is an hour and 2.5 minutes, snapped to the hour.
    fireEvent.pointerMove(window, { clientX: 160, clientY: 150 });
    expect(screen.getByRole('button', { name: /11:00 – 12:00\s*Client meeting/ })).toHaveClass('calendar-item-dragging');
    fireEvent.pointerUp(window, { clientX: 160, clientY: 150 });
    expect(onChangeEvent).toHaveBeenCalledOnce();
    const [item, change, action] = onChangeEvent.mock.calls[0] as [CalendarItem, { start: Date; end: Date }, string];
    expect(item.id).toBe(MEETING.id);
    expect(action).toBe('move');
    expect(when(change)).toEqual(['2025-03-15T11:00', '2025-03-15T12:00']);
  });

  it('resizes an event by its bottom edge, and a press that barely moves is a click, not a drag', () => {
    const { onChangeEvent } = renderCalendar('day', [eventItem(occurrence({ start: '2025-03-12T10:00', end: '2025-03-12T11:00' }))]);
    const box = screen.getByRole('button', { name: /Client meeting/ });
    const edge = box.querySelector('.calendar-resize-handle') as HTMLElement;
    pointerOverDay('2025-03-12');
    fireEvent.pointerDown(edge, { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 10, clientY: 34 }); // half an hour
    fireEvent.pointerUp(window, { clientX: 10, clientY: 34 });
    const [, change, action] = onChangeEvent.mock.calls[0] as [CalendarItem, { start: Date; end: Date }, string];
    expect(action).toBe('resize');
    expect(when(change)).toEqual(['2025-03-12T10:00', '2025-03-12T11:30']);

    fireEvent.pointerDown(box, { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 12, clientY: 12 });
    fireEvent.pointerUp(window, { clientX: 12, clientY: 12 });
    expect(onChangeEvent).toHaveBeenCalledOnce();
  });

  it('puts a dragged event back when Escape is pressed, and never drags by touch', () => {
    const { onChangeEvent } = renderCalendar('month');
    const link = screen.getByRole('link', { name: '10:00 Client meeting' });
    pointerOverDay('2025-03-20');
    fireEvent.pointerDown(link, { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 10, clientY: 90 });
    expect(within(document.querySelector('[data-day="2025-03-20"]') as HTMLElement).getByRole('link')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.pointerUp(window, { clientX: 10, clientY: 90 });
    expect(onChangeEvent).not.toHaveBeenCalled();
    expect(within(document.querySelector('[data-day="2025-03-14"]') as HTMLElement).getByRole('link')).toBeInTheDocument();

    fireEvent.pointerDown(link, { button: 0, pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 10, clientY: 90 });
    fireEvent.pointerUp(window, { clientX: 10, clientY: 90 });
    expect(onChangeEvent).not.toHaveBeenCalled();
  });

  it('moves an event to another day of the month, keeping its time', () => {
    const { onChangeEvent } = renderCalendar('month');
    pointerOverDay('2025-03-18');
    fireEvent.pointerDown(screen.getByRole('link', { name: '10:00 Client meeting' }), { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 40, clientY: 120 });
    fireEvent.pointerUp(window, { clientX: 40, clientY: 120 });
    const [, change] = onChangeEvent.mock.calls[0] as [CalendarItem, { start: Date; end: Date }];
    expect(when(change)).toEqual(['2025-03-18T10:00', '2025-03-18T11:00']);
  });

  it('picks the clicked half hour, a dragged stretch, or a clicked day for a new event', async () => {
    const user = userEvent.setup();
    const { onSelectSlot } = renderCalendar('week', []);
    const thursday = document.querySelector('.calendar-day-column[data-day="2025-03-13"]') as HTMLElement;
    fireEvent.pointerDown(thursday, { button: 0, clientY: 9 * 48 + 5 });
    fireEvent.pointerUp(thursday, { clientY: 9 * 48 + 5 });
    expect(when(onSelectSlot.mock.calls[0]?.[0])).toEqual(['2025-03-13T09:00', '2025-03-13T09:30']);

    fireEvent.pointerDown(thursday, { button: 0, clientY: 14 * 48 });
    fireEvent.pointerMove(thursday, { clientY: 15 * 48 + 30 });
    fireEvent.pointerUp(thursday, { clientY: 15 * 48 + 30 });
    expect(when(onSelectSlot.mock.calls[1]?.[0])).toEqual(['2025-03-13T14:00', '2025-03-13T15:45']); // the pointer let go in 15:30–15:45

    await user.click(document.querySelector('.calendar-all-day-row [data-day="2025-03-14"]') as HTMLElement);
    expect(when(onSelectSlot.mock.calls[2]?.[0])).toEqual(['2025-03-14T00:00', '2025-03-14T00:00']);
  });

  it('goes back and on by the view, and shows nothing-in-range in an empty agenda', async () => {
    const user = userEvent.setup();
    const { onNavigate } = renderCalendar('agenda', []);
    expect(screen.getByText('Nothing in this range.')).toBeInTheDocument();
    expect(screen.getByTestId('calendar-range')).toHaveTextContent('12/03/2025 – 10/04/2025');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(wallClockText(onNavigate.mock.calls[0]?.[0] as Date)).toBe('2025-04-11T00:00');
  });
});
