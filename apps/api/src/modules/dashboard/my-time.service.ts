import { DURATION_DECIMALS, fromScaled, toScaled, type MyTime, type MyTimeDay } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findHoursByDate, findUnbilledTime } from './my-time.repository.ts';
import { todayInTimeZone, weekDatesOf } from './my-time-week.ts';

const ZERO_HOURS = fromScaled(0n, DURATION_DECIMALS);

/** Exact sums of 4-decimal hour texts. */
const addHours = (hours: string[]) =>
  fromScaled(
    hours.reduce((sum, value) => sum + toScaled(value, DURATION_DECIMALS), 0n),
    DURATION_DECIMALS,
  );

/** The dashboard's time figures for the signed-in user. */
export function createMyTimeService(database: Database) {
  return {
    find: (principal: FirmPrincipal, now: Date = new Date()): Promise<MyTime> =>
      database.withFirm(principal.firmId, async (tx) => {
        const unbilled = await findUnbilledTime(tx, principal.firmId, principal.userId);
        if (!unbilled) throw notFound('Firm');
        const { today, timeZone } = todayInTimeZone(unbilled.timeZone, now);
        const dates = weekDatesOf(today);
        const weekStart = dates[0]!;
        const weekEnd = dates[6]!;
        const rows = await findHoursByDate(tx, principal.firmId, principal.userId, weekStart, weekEnd);
        const byDate = new Map(rows.map((row) => [row.date, row]));
        const days: MyTimeDay[] = dates.map((date) => ({
          date,
          billableHours: byDate.get(date)?.billableHours ?? ZERO_HOURS,
          nonBillableHours: byDate.get(date)?.nonBillableHours ?? ZERO_HOURS,
        }));
        const weekBillableHours = addHours(days.map((day) => day.billableHours));
        const weekNonBillableHours = addHours(days.map((day) => day.nonBillableHours));
        return {
          timeZone,
          today,
          weekStart,
          weekEnd,
          days,
          weekBillableHours,
          weekNonBillableHours,
          weekTotalHours: addHours([weekBillableHours, weekNonBillableHours]),
          unbilledHours: unbilled.hours,
          unbilledAmount: unbilled.amount,
          currencySymbol: unbilled.currencySymbol,
        };
      }),
  };
}
