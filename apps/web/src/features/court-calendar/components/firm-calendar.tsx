import { Anchor } from '@mantine/core';
import dayjs from 'dayjs';
import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type SyntheticEvent,
} from 'react';
import { Calendar, dayjsLocalizer, type CalendarProps, type Components, type Formats } from 'react-big-calendar';
import type { EventInteractionArgs, withDragAndDropProps } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { Link } from 'react-router';
import { itemClassName, itemTooltip, type CalendarItem, type EventItem } from '../utils/calendar-items.ts';
import { CALENDAR_VIEWS, type CalendarView } from '../utils/calendar-params.ts';
import { AGENDA_DAYS } from '../utils/calendar-range.ts';
import { itemStyle } from '../utils/item-colours.ts';
import './firm-calendar.css';

const localizer = dayjsLocalizer(dayjs);
/**
 * Dragging waits for a way to load react-big-calendar's addon that keeps the page in its budget (it
 * brings a second copy of the library's CommonJS modules, 12 KB over): until then the calendar is
 * the plain one, which ignores the drag props, and events move with the form's move buttons.
 */
const DragAndDropCalendar = Calendar as unknown as ComponentType<CalendarProps<CalendarItem> & withDragAndDropProps<CalendarItem>>;

const range =
  (format: string) =>
  (dates: { start: Date; end: Date }, culture?: string, local?: { format: (date: Date, format: string, culture?: string) => string }) =>
    `${local?.format(dates.start, format, culture) ?? ''} – ${local?.format(dates.end, format, culture) ?? ''}`;

/** Dates as the app shows them (DD/MM/YYYY, 24-hour times); court dates and tasks show their start only (their end is made up). */
const FORMATS: Formats = {
  timeGutterFormat: 'HH:mm',
  dayFormat: 'ddd DD/MM',
  dayHeaderFormat: 'dddd DD/MM/YYYY',
  agendaDateFormat: 'ddd DD/MM/YYYY',
  agendaTimeFormat: 'HH:mm',
  agendaTimeRangeFormat: ({ start }, culture, local) => local?.format(start, 'HH:mm', culture) ?? '',
  eventTimeRangeFormat: range('HH:mm'),
  selectRangeFormat: range('HH:mm'),
  agendaHeaderFormat: range('DD/MM/YYYY'),
  dayRangeHeaderFormat: range('DD/MM/YYYY'),
};

const MESSAGES = { allDay: 'All day', noEventsInRange: 'Nothing in this range.', showMore: (count: number) => `+${count} more` };

/** What a box does: where its link goes, and what a click or Enter on the box itself opens. */
export type CalendarItemActions = { hrefOf: (item: CalendarItem) => string; open: (item: CalendarItem) => void };
const ItemActions = createContext<CalendarItemActions>({ hrefOf: () => '', open: () => {} });

/** The item as a link: reachable by Tab and opened with Enter where the calendar draws a plain box (month, agenda, all-day). */
function ItemLink({ event }: { event: CalendarItem }) {
  const { hrefOf } = useContext(ItemActions);
  return (
    <Anchor
      component={Link}
      to={hrefOf(event)}
      // An event opens over the calendar: the URL says which, without a history entry per look.
      replace={event.kind === 'event'}
      className="calendar-item-link"
      // A link's own drag (its address) would take over the event's: the calendar does the dragging.
      draggable={false}
      // The box around it opens the same on a click: once is enough.
      onClick={(click: MouseEvent) => click.stopPropagation()}
    >
      {event.title}
    </Anchor>
  );
}

/** The agenda's line: the item's colour as a swatch (the row itself stays white), then its link. */
function AgendaItem({ event }: { event: CalendarItem }) {
  return (
    <>
      <span className="calendar-item-swatch" style={itemStyle(event)} aria-hidden />
      <ItemLink event={event} />
    </>
  );
}

/** In the time grid the calendar's own box is the button (role="button", tabIndex 0): no link inside it. */
function TimeGridItem({ event }: { event: CalendarItem }) {
  if (event.allDay) return <ItemLink event={event} />;
  // An event's box has its times above the title (court dates and tasks carry theirs in the title).
  return <span>{event.kind === 'event' ? event.name : event.title}</span>;
}

/**
 * The month is an ARIA table whose weeks are rows, which may hold only cells: each item there is
 * one (axe: aria-required-children). The item itself, not react-big-calendar's eventWrapper: the
 * drag-and-drop addon wraps a given wrapper in a component made anew on every render, which would
 * redraw (and unfocus) every box each time the page renders.
 */
function MonthItem({ event }: { event: CalendarItem }) {
  return (
    <div role="cell">
      <ItemLink event={event} />
    </div>
  );
}

/**
 * The week's and day's all-day row is drawn by the month's row component, with its rowgroup and
 * row roles but no table around them (axe: aria-required-parent, and aria-required-children on a
 * day without all-day items). There they describe nothing, so they go, on every redraw too.
 */
function useTimeViewTableRolesRemoved() {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const strip = () => {
      for (const element of root.querySelectorAll('.rbc-time-view [role="rowgroup"], .rbc-time-view [role="row"]'))
        element.removeAttribute('role');
    };
    strip();
    const observer = new MutationObserver(strip);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return container;
}

/** The week's and day's column headings sit in no ARIA row: plain text rather than an orphaned columnheader. */
function DayHeading({ label }: { label: string }) {
  return <span>{label}</span>;
}

const COMPONENTS: Components<CalendarItem> = {
  month: { event: MonthItem },
  week: { event: TimeGridItem, header: DayHeading },
  day: { event: TimeGridItem, header: DayHeading },
  agenda: { event: AgendaItem },
};

const isEvent = (item: CalendarItem): item is EventItem => item.kind === 'event';

export type FirmCalendarProps = {
  items: CalendarItem[];
  view: CalendarView;
  date: Date;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  toolbar: Components<CalendarItem>['toolbar'];
  actions: CalendarItemActions;
  /** A dragged or resized event (court dates and tasks stay where they are). */
  onChangeEvent: (item: EventItem, change: EventInteractionArgs<CalendarItem>, action: 'move' | 'resize') => void;
  /** A stretch of time picked with the mouse: a new event there. */
  onSelectSlot: (slot: { start: Date; end: Date }) => void;
};

/** The firm's calendar: react-big-calendar with the dayjs localizer, its day, week, month and agenda views, events dragged to move. */
export function FirmCalendar({ items, view, date, onView, onNavigate, toolbar, actions, onChangeEvent, onSelectSlot }: FirmCalendarProps) {
  const container = useTimeViewTableRolesRemoved();
  return (
    <ItemActions.Provider value={actions}>
      <div ref={container} className={`firm-calendar firm-calendar-${view}`}>
        <DragAndDropCalendar
          localizer={localizer}
          events={items}
          views={[...CALENDAR_VIEWS]}
          view={view}
          date={date}
          onView={(next) => onView(CALENDAR_VIEWS.find((known) => known === next) ?? 'month')}
          onNavigate={onNavigate}
          length={AGENDA_DAYS}
          formats={FORMATS}
          messages={MESSAGES}
          components={{ ...COMPONENTS, toolbar }}
          // The month's day numbers stay plain text: 42 more tab stops before the events would be too many (Day is in the toolbar).
          drilldownView={null}
          // Every item of a day is shown (the cell grows) rather than hidden behind "+n more".
          showAllEvents
          scrollToTime={dayjs().hour(8).minute(0).toDate()}
          tooltipAccessor={itemTooltip}
          // The agenda colours whole rows with these: there the swatch does it instead.
          eventPropGetter={(item) =>
            view === 'agenda' ? { className: itemClassName(item) } : { className: itemClassName(item), style: itemStyle(item) }
          }
          onSelectEvent={actions.open}
          onKeyPressEvent={(item, synthetic: SyntheticEvent) => {
            const key = synthetic as KeyboardEvent;
            // A link inside the box opens itself; only the time grid's own box needs the keys.
            if ((key.target as HTMLElement).closest('a')) return;
            if (key.key === 'Enter' || key.key === ' ') {
              key.preventDefault();
              actions.open(item);
            }
          }}
          draggableAccessor={isEvent}
          // An all-day event's length is in days: it is changed in its form, not by a drag.
          resizableAccessor={(item) => isEvent(item) && !item.allDay}
          onEventDrop={(change) => {
            if (isEvent(change.event)) onChangeEvent(change.event, change, 'move');
          }}
          onEventResize={(change) => {
            if (isEvent(change.event)) onChangeEvent(change.event, change, 'resize');
          }}
          selectable
          onSelectSlot={(slot) => onSelectSlot({ start: slot.start, end: slot.end })}
        />
      </div>
    </ItemActions.Provider>
  );
}
