import { Alert, Button, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hasPermissions } from '@matterhorn/shared';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { CalendarFilters } from '../components/calendar-filters.tsx';
import { CalendarLegend } from '../components/calendar-legend.tsx';
import { FirmCalendar, type CalendarItemActions } from '../components/firm-calendar.tsx';
import { SubscribePanel } from '../components/subscribe-panel.tsx';
import { useCalendarItems } from '../hooks/use-calendar-items.ts';
import { useEventMoves } from '../hooks/use-event-moves.ts';
import { courtUpdatePath, taskPath } from '../utils/calendar-items.ts';
import { hiddenKindsParam, readCalendarParams, withCalendarParams, type CalendarParamChanges } from '../utils/calendar-params.ts';
import { visibleRange } from '../utils/calendar-range.ts';
import { defaultEventTimes, slotEventTimes, type NewEventTimes } from '../utils/new-event-times.ts';
import { PageTitle } from '../../../components/page-title.tsx';

// Only settings managers open it, on demand: the calendar's own component already fills the page's budget.
const ReminderSettingsPanel = lazy(async () => ({
  default: (await import('../components/reminder-settings-panel.tsx')).ReminderSettingsPanel,
}));
// The event form (its fields, pickers and schema) loads when an event is first opened or made.
const EventFormModal = lazy(async () => ({ default: (await import('../components/event-form-modal.tsx')).EventFormModal }));

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /calendar, the firm's calendar: court dates, tasks due and events (meetings, deadlines,
 * consultations) of the visible range, the member's or the firm's; events made, opened (?event=),
 * dragged to move; the court-date feed subscription and (for settings managers) hearing reminders.
 */
export function CourtCalendarPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = readCalendarParams(search);
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const view = params.view ?? (isPhone ? 'agenda' : 'month');
  const date = useMemo(() => (params.date ? dayjs(params.date).toDate() : new Date()), [params.date]);
  const calendar = useCalendarItems(params, visibleRange(view, date));
  const moves = useEventMoves(calendar.rangeQuery);
  const change = (changes: CalendarParamChanges) => setSearch((current) => withCalendarParams(current, changes), { replace: true });
  const canManageReminders = hasPermissions(session.permissions, ['updateAccountSettings']);
  const [isRemindersOpen, setIsRemindersOpen] = useState(false);

  // Until the first range's items are in, the calendar and what is under it wait behind a spinner:
  // drawn at once, the firm's time-zone line and the items arriving pushed them down (a layout shift
  // of 0.3–0.4 on a phone). Later ranges redraw in place.
  const [hasFirstItems, setHasFirstItems] = useState(false);
  if (calendar.isAnswered && !hasFirstItems) setHasFirstItems(true);

  const [newTimes, setNewTimes] = useState<NewEventTimes | null>(null);
  const isModalOpen = newTimes !== null || params.eventId !== '';
  // Mounted from the first opening on, so it can animate closed and open again without reloading.
  const [isModalLoaded, setIsModalLoaded] = useState(false);
  if (isModalOpen && !isModalLoaded) setIsModalLoaded(true);
  const closeModal = () => {
    setNewTimes(null);
    if (params.eventId) change({ eventId: null });
  };

  const actions: CalendarItemActions = {
    hrefOf: (item) => {
      if (item.kind === 'hearing') return courtUpdatePath(item.hearing.courtUpdateId);
      if (item.kind === 'task') return taskPath(item.task.id);
      return `?${withCalendarParams(search, { eventId: item.occurrence.eventId }).toString()}`;
    },
    open: (item) => {
      if (item.kind === 'event') change({ eventId: item.occurrence.eventId });
      else void navigate(actions.hrefOf(item));
    },
  };

  return (
    <Stack gap="lg">
      <PageTitle parts={['Calendar']} />
      <Group justify="space-between" gap="sm">
        <Title order={1}>Calendar</Title>
        <Button onClick={() => setNewTimes(defaultEventTimes(params.date, new Date()))}>New event</Button>
      </Group>
      <CalendarFilters
        feeEarnerId={params.feeEarnerId}
        courtId={params.courtId}
        scope={calendar.scope}
        canSeeFirm={calendar.canSeeFirm}
        canSeeFirmHearings={calendar.canSeeFirmHearings}
        onChange={change}
      />
      {calendar.hearingsFailed && (
        <Alert color="red" role="alert">
          The court dates could not be loaded.
        </Alert>
      )}
      {calendar.eventsFailed && (
        <Alert color="red" role="alert">
          The events and tasks could not be loaded.
        </Alert>
      )}
      <section aria-label="Hearings calendar" aria-busy={calendar.isFetching}>
        <Stack gap="xs">
          <CalendarLegend hidden={params.hidden} onChange={(hidden) => change({ hidden: hiddenKindsParam(hidden) })} />
          {hasFirstItems && calendar.timeZone && calendar.timeZone !== browserTimeZone() && (
            <Text size="sm" c="dimmed">
              Times are on the firm’s clock ({calendar.timeZone}).
            </Text>
          )}
          {hasFirstItems ? (
            <FirmCalendar
              items={calendar.items}
              view={view}
              date={date}
              onView={(next) => change({ view: next })}
              onNavigate={(next) => change({ date: dayjs(next).format('YYYY-MM-DD') })}
              actions={actions}
              onChangeEvent={(item, dropped, action) => void moves.change(item, dropped, action)}
              onSelectSlot={({ start, end }) => setNewTimes(slotEventTimes(view, start, end))}
            />
          ) : (
            <LoadingSpinner label="Loading the calendar" />
          )}
        </Stack>
        <VisuallyHidden role="status" aria-live="polite">
          {moves.announcement}
        </VisuallyHidden>
      </section>
      {hasFirstItems && (
        <SimpleGrid cols={{ base: 1, md: canManageReminders ? 2 : 1 }}>
          <SubscribePanel canSeeFirm={calendar.canFeedFirm} />
          {canManageReminders &&
            (isRemindersOpen ? (
              <Suspense fallback={null}>
                <ReminderSettingsPanel />
              </Suspense>
            ) : (
              <div>
                <Button variant="default" onClick={() => setIsRemindersOpen(true)}>
                  Hearing reminder settings
                </Button>
              </div>
            ))}
        </SimpleGrid>
      )}
      {isModalLoaded && (
        <Suspense fallback={null}>
          <EventFormModal
            opened={isModalOpen}
            onClose={closeModal}
            eventId={params.eventId}
            newTimes={newTimes ?? defaultEventTimes(params.date, new Date())}
          />
        </Suspense>
      )}
    </Stack>
  );
}
