import type { Hearing, UpcomingHearings } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';
import type { DashboardScope } from './get-dashboard-summary.ts';

export type HearingScope = UpcomingHearings['scope'];

/** Under ['court-calendar'], so a court update saved anywhere refreshes the card. */
export const upcomingHearingsKey = (scope: HearingScope, user: DashboardScope) =>
  ['court-calendar', 'dashboard-hearings', scope, user.AdminUserId, user.BusinessId] as const;

const isText = (value: unknown) => typeof value === 'string';
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

function isHearing(value: unknown): value is Hearing {
  const hearing = (value ?? {}) as Record<string, unknown>;
  return (
    isText(hearing.courtUpdateId) &&
    isText(hearing.date) &&
    isTextOrNull(hearing.time) &&
    isTextOrNull(hearing.purpose) &&
    isText(hearing.suitNumber) &&
    isText(hearing.courtName) &&
    isText(hearing.matterId) &&
    isText(hearing.matterName)
  );
}

/** The answer's shape, checked by hand: the dashboard is every user's first page, so it carries no extra schema. */
function isUpcomingHearings(data: unknown): data is UpcomingHearings {
  const answer = (data ?? {}) as Record<string, unknown>;
  return (
    isText(answer.fromDate) &&
    isText(answer.toDate) &&
    (answer.scope === 'mine' || answer.scope === 'firm') &&
    typeof answer.canSeeFirm === 'boolean' &&
    Array.isArray(answer.hearings) &&
    answer.hearings.every(isHearing)
  );
}

/**
 * upcomingHearingsRoute's path, kept literal (its test checks it against the contract): by contract
 * the dashboard would carry the calendar's hearing schemas.
 */
export const UPCOMING_HEARINGS_PATH = '/admin/progress-update/get-upcoming-hearings';

/** The next 14 days' hearings (the server's default range); null when the call failed. */
export async function getUpcomingHearings(scope: HearingScope, user: DashboardScope): Promise<UpcomingHearings | null> {
  const data = await apiList<unknown>(UPCOMING_HEARINGS_PATH, { Scope: scope, ...user }, 'firm');
  return isUpcomingHearings(data) ? data : null;
}

export function useUpcomingHearings(scope: HearingScope, user: DashboardScope) {
  return useQuery(
    queryOptions({
      queryKey: upcomingHearingsKey(scope, user),
      queryFn: () => getUpcomingHearings(scope, user),
      enabled: !!user.AdminUserId,
      // The Mine/Firm switch stays on screen while the other scope loads.
      placeholderData: (previous) => previous,
    }),
  );
}
