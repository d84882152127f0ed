import { formatDisplayHours, formatMoney, isoToDisplayDate, type MyTime } from '@matterhorn/shared';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export type MyTimeChartRow = {
  /** The axis label: short weekday and DD/MM. */
  day: string;
  /** Weekday and DD/MM/YYYY, for the table and screen readers. */
  label: string;
  Billable: number;
  'Non-billable': number;
  billableHours: string;
  nonBillableHours: string;
};

function weekdayOf(isoDate: string): string {
  return WEEKDAYS[new Date(`${isoDate}T00:00:00Z`).getUTCDay()]!;
}

/** Chart rows from the server's figures; the numbers only draw bars, the texts are what is read. */
export function chartRowsOf(myTime: MyTime): MyTimeChartRow[] {
  return myTime.days.map((day) => ({
    day: `${weekdayOf(day.date).slice(0, 3)} ${isoToDisplayDate(day.date).slice(0, 5)}`,
    label: `${weekdayOf(day.date)} ${isoToDisplayDate(day.date)}`,
    Billable: Number(day.billableHours),
    'Non-billable': Number(day.nonBillableHours),
    billableHours: day.billableHours,
    nonBillableHours: day.nonBillableHours,
  }));
}

/** The dashboard's hours, to 2 decimals: the timer alone keeps 4 (SPEC.md §9). */
export const formatHours = (hours: string) => `${formatDisplayHours(hours)} h`;

/** One sentence with every figure, for the chart's accessible name. */
export function describeMyTime(myTime: MyTime): string {
  return (
    `Hours recorded from ${isoToDisplayDate(myTime.weekStart)} to ${isoToDisplayDate(myTime.weekEnd)}: ` +
    `${formatHours(myTime.weekTotalHours)} in total, ${formatHours(myTime.weekBillableHours)} billable and ` +
    `${formatHours(myTime.weekNonBillableHours)} non-billable. Unbilled: ${formatHours(myTime.unbilledHours)}, ` +
    `${formatMoney(myTime.unbilledAmount, myTime.currencySymbol)}.`
  );
}

/**
 * The hours axis of the week's bars: from 0 to a whole hour above the longest day, with a tenth of it
 * to spare, so the tallest bar ends under the chart's top edge instead of being cut by it (issue 64).
 */
export function hoursAxisRange(longestDay: number): [number, number] {
  return [0, Math.max(1, Math.ceil(longestDay * 1.1))];
}
