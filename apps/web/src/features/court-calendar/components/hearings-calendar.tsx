import { Anchor } from '@mantine/core';
import dayjs from 'dayjs';
import type { KeyboardEvent, MouseEvent, SyntheticEvent } from 'react';
import { Calendar, dayjsLocalizer, type Components, type Formats } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { Link, useNavigate } from 'react-router';
import { AGENDA_DAYS, type HearingEvent } from '../utils/calendar-range.ts';
import type { CalendarView } from '../utils/calendar-params.ts';
import './hearings-calendar.css';

const localizer = dayjsLocalizer(dayjs);

export const courtUpdatePath = (courtUpdateId: string) => `/view/court-update?id=${encodeURIComponent(courtUpdateId)}`;

/** Dates as the app shows them (DD/MM/YYYY, 24-hour times); a hearing shows its start only (its end is made up). */
const FORMATS: Formats = {
  timeGutterFormat: 'HH:mm',
  dayFormat: 'ddd DD/MM',
  agendaDateFormat: 'ddd DD/MM/YYYY',
  agendaTimeFormat: 'HH:mm',
  agendaTimeRangeFormat: ({ start }, culture, local) => local?.format(start, 'HH:mm', culture) ?? '',
  eventTimeRangeFormat: ({ start }, culture, local) => local?.format(start, 'HH:mm', culture) ?? '',
  agendaHeaderFormat: ({ start, end }, culture, local) =>
    `${local?.format(start, 'DD/MM/YYYY', culture) ?? ''} – ${local?.format(end, 'DD/MM/YYYY', culture) ?? ''}`,
  dayRangeHeaderFormat: ({ start, end }, culture, local) =>
    `${local?.format(start, 'DD/MM/YYYY', culture) ?? ''} – ${local?.format(end, 'DD/MM/YYYY', culture) ?? ''}`,
};

const MESSAGES = { allDay: 'No time', noEventsInRange: 'No hearings in this range.', showMore: (count: number) => `+${count} more` };

/** The event as a link: reachable by Tab and opened with Enter where the calendar draws a plain box (month, agenda, all-day). */
function HearingLink({ event }: { event: HearingEvent }) {
  return (
    <Anchor
      component={Link}
      to={courtUpdatePath(event.hearing.courtUpdateId)}
      className="hearing-link"
      // The box around it opens the same page on a click: once is enough.
      onClick={(click: MouseEvent) => click.stopPropagation()}
    >
      {event.title}
    </Anchor>
  );
}

/** In the week's time grid the calendar's own box is the button (role="button", tabIndex 0): no link inside it. */
function WeekEvent({ event }: { event: HearingEvent }) {
  return event.allDay ? <HearingLink event={event} /> : <span>{event.title}</span>;
}

const COMPONENTS: Components<HearingEvent> = {
  month: { event: HearingLink },
  week: { event: WeekEvent },
  agenda: { event: HearingLink },
};

export type HearingsCalendarProps = {
  events: HearingEvent[];
  view: CalendarView;
  date: Date;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  toolbar: Components<HearingEvent>['toolbar'];
};

/** The court calendar: react-big-calendar with the dayjs localizer, month, week and agenda views. */
export function HearingsCalendar({ events, view, date, onView, onNavigate, toolbar }: HearingsCalendarProps) {
  const navigate = useNavigate();
  const open = (event: HearingEvent) => void navigate(courtUpdatePath(event.hearing.courtUpdateId));
  return (
    <div className={`hearings-calendar hearings-calendar-${view}`}>
      <Calendar<HearingEvent>
        localizer={localizer}
        events={events}
        views={['month', 'week', 'agenda']}
        view={view}
        date={date}
        onView={(next) => onView(next === 'week' || next === 'agenda' ? next : 'month')}
        onNavigate={onNavigate}
        length={AGENDA_DAYS}
        formats={FORMATS}
        messages={MESSAGES}
        components={{ ...COMPONENTS, toolbar }}
        // No day view to drill into: the month's day numbers stay plain text.
        drilldownView={null}
        // Every hearing of a day is shown (the cell grows) rather than hidden behind "+n more".
        showAllEvents
        scrollToTime={dayjs().hour(8).minute(0).toDate()}
        tooltipAccessor={(event) =>
          `${event.title}${event.hearing.purpose ? ` (${event.hearing.purpose})` : ''}, ${event.hearing.courtName}`
        }
        onSelectEvent={open}
        onKeyPressEvent={(event, synthetic: SyntheticEvent) => {
          const key = synthetic as KeyboardEvent;
          // A link inside the box opens itself; only the time grid's own box needs the keys.
          if ((key.target as HTMLElement).closest('a')) return;
          if (key.key === 'Enter' || key.key === ' ') {
            key.preventDefault();
            open(event);
          }
        }}
      />
    </div>
  );
}
