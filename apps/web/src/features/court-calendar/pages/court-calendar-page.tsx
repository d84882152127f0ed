import { Alert, Button, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hasPermissions } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { hearingsQuery } from '../api/hearings.ts';
import { CalendarFilters } from '../components/calendar-filters.tsx';
import { CalendarToolbar } from '../components/calendar-toolbar.tsx';
import { HearingsCalendar } from '../components/hearings-calendar.tsx';
import { SubscribePanel } from '../components/subscribe-panel.tsx';
import { readCalendarParams, withCalendarParams, type CalendarParamChanges } from '../utils/calendar-params.ts';
import { hearingEvent, visibleRange } from '../utils/calendar-range.ts';

// Only settings managers open it, on demand: the calendar's own component already fills the page's budget.
const ReminderSettingsPanel = lazy(async () => ({
  default: (await import('../components/reminder-settings-panel.tsx')).ReminderSettingsPanel,
}));

/** /calendar: the hearings of the visible range, filtered, with the feed subscription and (for settings managers) reminders. */
export function CourtCalendarPage() {
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const params = readCalendarParams(search);
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const view = params.view ?? (isPhone ? 'agenda' : 'month');
  const date = useMemo(() => (params.date ? dayjs(params.date).toDate() : new Date()), [params.date]);
  const range = visibleRange(view, date);

  // Those who see court updates see the firm's hearings unless they ask for their own.
  const canAskFirm = hasPermissions(session.permissions, ['courtUpdate']);
  const [isFirmRefused, setIsFirmRefused] = useState(false);
  const scope = params.scope ?? (canAskFirm && !isFirmRefused ? 'firm' : 'mine');
  const hearings = useQuery(
    hearingsQuery({
      Scope: scope,
      FromDate: range.fromDate,
      ToDate: range.toDate,
      FeeEarnerId: params.feeEarnerId || undefined,
      CourtId: params.courtId || undefined,
    }),
  );
  // The server has the last word on the firm's view: if it says no, the default becomes my matters.
  const isRefusal = hearings.data?.canSeeFirm === false || (hearings.error instanceof ApiError && hearings.error.status === 403);
  if (scope === 'firm' && params.scope === null && isRefusal && !isFirmRefused) setIsFirmRefused(true);
  const events = useMemo(() => (hearings.data?.hearings ?? []).map(hearingEvent), [hearings.data]);
  const change = (changes: CalendarParamChanges) => setSearch((current) => withCalendarParams(current, changes), { replace: true });
  const canManageReminders = hasPermissions(session.permissions, ['updateAccountSettings']);
  const [isRemindersOpen, setIsRemindersOpen] = useState(false);

  return (
    <Stack gap="lg">
      <Title order={1}>Court calendar</Title>
      <CalendarFilters
        feeEarnerId={params.feeEarnerId}
        courtId={params.courtId}
        scope={scope}
        canSeeFirm={hearings.data?.canSeeFirm ?? (canAskFirm && !isFirmRefused)}
        onChange={change}
      />
      {hearings.isError && (
        <Alert color="red" role="alert">
          The hearings could not be loaded.
        </Alert>
      )}
      <section aria-label="Hearings calendar" aria-busy={hearings.isFetching}>
        <HearingsCalendar
          events={events}
          view={view}
          date={date}
          onView={(next) => change({ view: next })}
          onNavigate={(next) => change({ date: dayjs(next).format('YYYY-MM-DD') })}
          toolbar={CalendarToolbar}
        />
      </section>
      <SimpleGrid cols={{ base: 1, md: canManageReminders ? 2 : 1 }}>
        <SubscribePanel canSeeFirm={hearings.data?.canSeeFirm ?? (canAskFirm && !isFirmRefused)} />
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
    </Stack>
  );
}
