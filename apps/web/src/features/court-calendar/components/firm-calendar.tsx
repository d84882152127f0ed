import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useItemDrag } from '../hooks/use-item-drag.ts';
import { daysShown, navigatedDate, rangeLabel } from '../utils/calendar-grid.ts';
import type { CalendarItem, EventItem } from '../utils/calendar-items.ts';
import type { CalendarView } from '../utils/calendar-params.ts';
import type { CalendarChange } from '../utils/event-moves.ts';
import { CalendarToolbar } from './calendar-toolbar.tsx';
import { AgendaView, MonthView, TimeGridView, ViewContext, type CalendarItemActions, type CalendarViewContext } from './calendar-views.tsx';
import './firm-calendar.css';

export type { CalendarItemActions };

export type FirmCalendarProps = {
  items: CalendarItem[];
  view: CalendarView;
  date: Date;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  actions: CalendarItemActions;
  /** A dragged or resized event (court dates and tasks stay where they are). */
  onChangeEvent: (item: EventItem, change: CalendarChange, action: 'move' | 'resize') => void;
  /** A stretch of time picked with the mouse: a new event there. */
  onSelectSlot: (slot: { start: Date; end: Date }) => void;
};

/**
 * The firm's calendar: month, week, day and agenda views of its court dates, tasks and events, on
 * the firm's wall clock; events dragged to move or resize. Drawn here rather than by a calendar
 * library: react-big-calendar and what it brings (lodash, popper) cost the page 45 KB compressed
 * and its grids ARIA roles axe refuses (ADR 64).
 */
export function FirmCalendar({ items, view, date, onView, onNavigate, actions, onChangeEvent, onSelectSlot }: FirmCalendarProps) {
  const drag = useItemDrag(onChangeEvent);
  const context: CalendarViewContext = { actions, drag, onSelectSlot };
  const days = useMemo(() => daysShown(view, date), [view, date]);
  return (
    <ViewContext.Provider value={context}>
      <div className={`firm-calendar firm-calendar-${view}`}>
        <CalendarToolbar
          label={rangeLabel(view, date)}
          view={view}
          onView={onView}
          onNavigate={(action) => onNavigate(navigatedDate(view, date, action))}
        />
        {view === 'month' && <MonthView days={days} month={dayjs(date)} items={items} />}
        {(view === 'week' || view === 'day') && <TimeGridView key={view} days={days} items={items} />}
        {view === 'agenda' && <AgendaView days={days} items={items} />}
      </div>
    </ViewContext.Provider>
  );
}
