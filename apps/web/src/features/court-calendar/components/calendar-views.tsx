import { Anchor, Text } from '@mantine/core';
import dayjs, { type Dayjs } from 'dayjs';
import { createContext, useContext, useLayoutEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { draggedItem, type ItemDrag } from '../hooks/use-item-drag.ts';
import {
  atMinute,
  CLICKED_SLOT_MINUTES,
  ISO_DAY,
  itemsOnDay,
  placeTimedItems,
  SNAP_MINUTES,
  weeksOf,
  type PlacedItem,
} from '../utils/calendar-grid.ts';
import { itemClassName, itemTooltip, type CalendarItem, type EventItem } from '../utils/calendar-items.ts';
import { itemStyle } from '../utils/item-colours.ts';

/** What a box does: where its link goes, and what a click or Enter on the box itself opens. */
export type CalendarItemActions = { hrefOf: (item: CalendarItem) => string; open: (item: CalendarItem) => void };

/** What every view shares: the boxes' actions, their drag, and a stretch of time picked for a new event. */
export type CalendarViewContext = {
  actions: CalendarItemActions;
  drag: ItemDrag;
  onSelectSlot: (slot: { start: Date; end: Date }) => void;
};
export const ViewContext = createContext<CalendarViewContext | null>(null);

function useViewContext(): CalendarViewContext {
  const context = useContext(ViewContext);
  if (!context) throw new Error('A calendar view is drawn inside FirmCalendar');
  return context;
}

const isEvent = (item: CalendarItem): item is EventItem => item.kind === 'event';

/** The items with the one being dragged drawn where it would land. */
function withPreview(items: CalendarItem[], drag: ItemDrag): CalendarItem[] {
  const { preview } = drag;
  if (!preview) return items;
  return items.map((item) => (item.id === preview.itemId ? draggedItem(item, preview) : item));
}

const boxClass = (item: CalendarItem, drag: ItemDrag) =>
  `${itemClassName(item)}${drag.preview?.itemId === item.id ? ' calendar-item-dragging' : ''}`;

/** The item as a link: reachable by Tab and opened with Enter; an event's link is also where it is dragged from. */
function ItemLink({ item }: { item: CalendarItem }) {
  const { actions, drag } = useViewContext();
  return (
    <Anchor
      component={Link}
      to={actions.hrefOf(item)}
      // An event opens over the calendar: the URL says which, without a history entry per look.
      replace={item.kind === 'event'}
      className="calendar-item-link"
      // A link's own drag (its address) would take over the event's.
      draggable={false}
      onPointerDown={isEvent(item) ? (press: PointerEvent) => drag.start(press, item, 'move', null) : undefined}
      onClick={(click: MouseEvent) => {
        click.stopPropagation(); // not a click on the day beneath
        if (drag.endedDrag()) click.preventDefault();
      }}
    >
      {item.title}
    </Anchor>
  );
}

/** A box in a day's list (the month's cells, the all-day row): the item's colours around its link. */
function DayBox({ item }: { item: CalendarItem }) {
  const { drag } = useViewContext();
  return (
    <li className={boxClass(item, drag)} style={itemStyle(item)} title={itemTooltip(item)}>
      <ItemLink item={item} />
    </li>
  );
}

function DayList({ items }: { items: CalendarItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="calendar-day-items">
      {items.map((item) => (
        <DayBox key={item.id} item={item} />
      ))}
    </ul>
  );
}

/** A click on a day's own space (not on an item in it) picks that day for a new event. */
const onDayClick = (select: CalendarViewContext['onSelectSlot'], start: Date, end: Date) => (click: MouseEvent) => {
  if ((click.target as HTMLElement).closest('a, button, [role="button"]')) return;
  select({ start, end });
};

/**
 * The month as a table: weekdays as column headings, each day a cell with its number and every
 * item of the day (the cell grows rather than hide items behind "+n more"). A click on a day's
 * space picks it for a new event; an event is dragged to another day.
 */
export function MonthView({ days, month, items }: { days: Dayjs[]; month: Dayjs; items: CalendarItem[] }) {
  const { drag, onSelectSlot } = useViewContext();
  const shown = withPreview(items, drag);
  const today = dayjs().format(ISO_DAY);
  return (
    <table className="calendar-month">
      <thead>
        <tr>
          {days.slice(0, 7).map((day) => (
            <th key={day.day()} scope="col">
              {day.format('ddd')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(days).map((week) => (
          <tr key={week[0]?.format(ISO_DAY)}>
            {week.map((day) => {
              const iso = day.format(ISO_DAY);
              const classes = [
                'calendar-month-day',
                day.isSame(month, 'month') ? '' : 'calendar-off-range',
                iso === today ? 'calendar-today' : '',
              ];
              return (
                <td
                  key={iso}
                  data-day={iso}
                  className={classes.join(' ').trim()}
                  onClick={onDayClick(onSelectSlot, day.toDate(), day.add(1, 'day').toDate())}
                >
                  <span className="calendar-day-number">{day.date()}</span>
                  <DayList items={itemsOnDay(shown, day)} />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Pixels per hour in the day and week views. */
const HOUR_PX = 48;
const MINUTE_PX = HOUR_PX / 60;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** The hours open at the top when a day or week is first shown. */
const FIRST_HOUR_SHOWN = 8;

/** A timed box in a day's column: a button (Enter or a click opens it); an event's is dragged, and resized by its bottom edge. */
function TimedBox({ placed }: { placed: PlacedItem }) {
  const { actions, drag } = useViewContext();
  const { item } = placed;
  const times = item.kind === 'event' ? `${dayjs(item.start).format('HH:mm')} – ${dayjs(item.end).format('HH:mm')}` : null;
  return (
    <div
      role="button"
      tabIndex={0}
      className={`calendar-timed-box ${boxClass(item, drag)}`}
      title={itemTooltip(item)}
      style={{
        ...itemStyle(item),
        top: placed.top * MINUTE_PX,
        height: placed.length * MINUTE_PX,
        left: `${(placed.column / placed.columns) * 100}%`,
        width: `${100 / placed.columns}%`,
      }}
      onPointerDown={isEvent(item) ? (press) => drag.start(press, item, 'move', MINUTE_PX) : undefined}
      onClick={(click) => {
        click.stopPropagation();
        if (!drag.endedDrag()) actions.open(item);
      }}
      onKeyDown={(key) => {
        if (key.key !== 'Enter' && key.key !== ' ') return;
        key.preventDefault();
        actions.open(item);
      }}
    >
      {/* Court dates and tasks carry their time in their title (their end is made up). */}
      {times && <span className="calendar-box-times">{times}</span>} <span>{item.kind === 'event' ? item.name : item.title}</span>
      {isEvent(item) && (
        <span aria-hidden className="calendar-resize-handle" onPointerDown={(press) => drag.start(press, item, 'resize', MINUTE_PX)} />
      )}
    </div>
  );
}

type Picking = { day: string; from: number; to: number };

/**
 * A day's column of hours: its timed boxes side by side where they overlap; pressing on its space
 * and dragging picks a stretch of time (a click picks CLICKED_SLOT_MINUTES) for a new event.
 */
function DayColumn({ day, items }: { day: Dayjs; items: CalendarItem[] }) {
  const { onSelectSlot } = useViewContext();
  const [picking, setPicking] = useState<Picking | null>(null);
  const iso = day.format(ISO_DAY);
  const minuteAt = (pointer: PointerEvent<HTMLDivElement>) => {
    const offset = pointer.clientY - pointer.currentTarget.getBoundingClientRect().top;
    return Math.min(24 * 60, Math.max(0, Math.floor(offset / MINUTE_PX / SNAP_MINUTES) * SNAP_MINUTES));
  };
  return (
    <div
      className="calendar-day-column"
      data-day={iso}
      onPointerDown={(press) => {
        if (press.button !== 0 || press.target !== press.currentTarget) return;
        press.currentTarget.setPointerCapture(press.pointerId);
        const minute = minuteAt(press);
        setPicking({ day: iso, from: minute, to: minute });
      }}
      onPointerMove={(pointer) => {
        if (picking) setPicking({ ...picking, to: minuteAt(pointer) });
      }}
      onPointerCancel={() => setPicking(null)}
      onPointerUp={() => {
        if (!picking) return;
        setPicking(null);
        const from = Math.min(picking.from, picking.to);
        const to = Math.max(picking.to, picking.from) + SNAP_MINUTES;
        const end = to - from > SNAP_MINUTES ? to : Math.min(24 * 60, from + CLICKED_SLOT_MINUTES);
        onSelectSlot({ start: atMinute(day, from), end: atMinute(day, end) });
      }}
    >
      {placeTimedItems(items, day).map((placed) => (
        <TimedBox key={placed.item.id} placed={placed} />
      ))}
      {picking && (
        <div
          aria-hidden
          className="calendar-picking"
          style={{
            top: Math.min(picking.from, picking.to) * MINUTE_PX,
            height: (Math.abs(picking.to - picking.from) + SNAP_MINUTES) * MINUTE_PX,
          }}
        />
      )}
    </div>
  );
}

/**
 * The week's or a day's hours: the day headings, an all-day row (all-day items as links, a click
 * there picks the whole day), then the hours, scrolled to the working morning when first shown.
 */
export function TimeGridView({ days, items }: { days: Dayjs[]; items: CalendarItem[] }) {
  const { drag, onSelectSlot } = useViewContext();
  const shown = withPreview(items, drag);
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = FIRST_HOUR_SHOWN * HOUR_PX;
  }, []);
  const today = dayjs().format(ISO_DAY);
  const columns = { gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` };
  const heading = days.length === 1 ? 'dddd DD/MM/YYYY' : 'ddd DD/MM';
  return (
    <div className="calendar-time-view">
      <div className="calendar-time-row calendar-time-headings" style={columns}>
        <span />
        {days.map((day) => (
          <span key={day.format(ISO_DAY)} className={day.format(ISO_DAY) === today ? 'calendar-today' : undefined}>
            {day.format(heading)}
          </span>
        ))}
      </div>
      <div className="calendar-time-row calendar-all-day-row" style={columns}>
        <span className="calendar-gutter-label">All day</span>
        {days.map((day) => (
          <div key={day.format(ISO_DAY)} data-day={day.format(ISO_DAY)} onClick={onDayClick(onSelectSlot, day.toDate(), day.toDate())}>
            <DayList items={itemsOnDay(shown, day).filter((item) => item.allDay)} />
          </div>
        ))}
      </div>
      {/* Reachable by keyboard to scroll the hours, also when nothing in them takes the focus (axe: scrollable-region-focusable). */}
      <div ref={scroller} className="calendar-time-scroller" tabIndex={0} role="group" aria-label="Hours">
        <div className="calendar-time-row calendar-hours" style={{ ...columns, height: 24 * HOUR_PX }}>
          <div className="calendar-gutter" aria-hidden>
            {HOURS.map((hour) => (
              <span key={hour} style={{ top: hour * HOUR_PX }}>
                {String(hour).padStart(2, '0')}:00
              </span>
            ))}
          </div>
          {days.map((day) => (
            <DayColumn key={day.format(ISO_DAY)} day={day} items={shown} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** The agenda: each day that has items, its heading and its items in order, each with its colour as a swatch. */
export function AgendaView({ days, items }: { days: Dayjs[]; items: CalendarItem[] }) {
  const busyDays = days.map((day) => ({ day, items: itemsOnDay(items, day) })).filter((entry) => entry.items.length > 0);
  if (busyDays.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        Nothing in this range.
      </Text>
    );
  }
  return (
    <ol className="calendar-agenda">
      {busyDays.map(({ day, items: dayItems }) => (
        <li key={day.format(ISO_DAY)}>
          <h3 className="calendar-agenda-day">{day.format('ddd DD/MM/YYYY')}</h3>
          <ul>
            {dayItems.map((item) => (
              <li key={item.id} title={itemTooltip(item)}>
                <span className="calendar-item-swatch" style={itemStyle(item)} aria-hidden />
                <ItemLink item={item} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
