import type { Tx } from '../../db/database.ts';
import { addMinutes } from '../calendar/calendar.api.ts';
import { findHearings } from './hearings.repository.ts';

/** How long a hearing with a time keeps its fee earner busy; one without a time takes the whole day. */
const HEARING_MINUTES = 180;

/**
 * The hearings a fee earner is on (matters they are assigned to) between two dates, as busy time on
 * the firm's wall clock, for booking around them.
 */
export async function hearingBusyTimesOf(
  tx: Tx,
  firmId: string,
  userId: string,
  range: { fromDate: string; toDate: string; timeZone: string },
) {
  const hearings = await findHearings(tx, firmId, {
    fromDate: range.fromDate,
    toDate: range.toDate,
    feeEarnerId: userId,
    timeZone: range.timeZone,
  });
  return hearings.map((hearing) => {
    const start = `${hearing.date}T${hearing.time ?? '00:00'}`;
    return { start, end: addMinutes(start, hearing.time ? HEARING_MINUTES : 24 * 60) };
  });
}
