import { hasPermissions } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { calendarRangeQuery } from '../api/calendar-events.ts';
import type { CalendarRangeQuery } from '../api/court-calendar-keys.ts';
import { hearingsQuery } from '../api/hearings.ts';
import { eventItem, hearingItem, taskItem, type CalendarItem } from '../utils/calendar-items.ts';
import type { CalendarParams, CalendarScope } from '../utils/calendar-params.ts';

const isRefusal = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * What the calendar shows for the visible range: court dates (the hearings call) and events and
 * tasks (the calendar call), each left unasked while hidden. The firm's calendar is the default;
 * when the server refuses it, mine is. Court dates follow the switch where the member may see the
 * firm's (court update permission, and the server agrees), else they are of their own matters.
 */
export function useCalendarItems(params: CalendarParams, range: { fromDate: string; toDate: string }) {
  const session = useSession();
  const [isFirmRefused, setIsFirmRefused] = useState(false);
  const [isFirmHearingsRefused, setIsFirmHearingsRefused] = useState(false);
  const scope: CalendarScope = params.scope ?? (isFirmRefused ? 'mine' : 'firm');
  const canSeeFirmHearings = hasPermissions(session.permissions, ['courtUpdate']) && !isFirmHearingsRefused;
  const hearingScope: CalendarScope = scope === 'firm' && canSeeFirmHearings ? 'firm' : 'mine';
  const isShown = (kind: 'hearing' | 'task' | 'event') => !params.hidden.includes(kind);

  const hearings = useQuery({
    ...hearingsQuery({
      Scope: hearingScope,
      FromDate: range.fromDate,
      ToDate: range.toDate,
      FeeEarnerId: params.feeEarnerId || undefined,
      CourtId: params.courtId || undefined,
    }),
    enabled: isShown('hearing'),
  });
  const rangeQuery: CalendarRangeQuery = { From: range.fromDate, To: range.toDate, Scope: scope };
  const events = useQuery({ ...calendarRangeQuery(rangeQuery), enabled: isShown('task') || isShown('event') });

  // The server has the last word on the firm's view: if it says no, the default becomes mine.
  const hearingsRefused = hearings.data?.canSeeFirm === false || (hearingScope === 'firm' && isRefusal(hearings.error));
  if (hearingsRefused && !isFirmHearingsRefused) setIsFirmHearingsRefused(true);
  if (scope === 'firm' && params.scope === null && isRefusal(events.error) && !isFirmRefused) setIsFirmRefused(true);

  const items = useMemo((): CalendarItem[] => {
    const shownHearings = isShown('hearing') ? (hearings.data?.hearings ?? []).map(hearingItem) : [];
    const shownTasks = isShown('task') ? (events.data?.tasks ?? []).map(taskItem) : [];
    const shownEvents = isShown('event') ? (events.data?.events ?? []).map(eventItem) : [];
    return [...shownHearings, ...shownTasks, ...shownEvents];
    // isShown reads params.hidden.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hearings.data, events.data, params.hidden.join(',')]);

  return {
    items,
    scope,
    rangeQuery,
    canSeeFirm: !isFirmRefused,
    canSeeFirmHearings,
    /** For the feed: whether the server offers the firm's court dates. */
    canFeedFirm: hearings.data?.canSeeFirm ?? canSeeFirmHearings,
    timeZone: events.data?.timeZone ?? null,
    isFetching: hearings.isFetching || events.isFetching,
    /** Whether every shown kind has had its first answer (or failed): the range's items are in. */
    isAnswered: !(hearings.isPending && hearings.isFetching) && !(events.isPending && events.isFetching),
    hearingsFailed: hearings.isError,
    eventsFailed: events.isError && !(scope === 'firm' && params.scope === null && isRefusal(events.error)),
  };
}
