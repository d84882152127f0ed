/** The day's scheduled backup: at the operator's hour (UTC), today if it is still ahead, else tomorrow. */
export function nextScheduledBackup(now: Date, hourUtc: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  return new Date(today > now.getTime() ? today : today + 24 * 60 * 60 * 1000);
}

export const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Whether the day's scheduled backup is due: its hour has come. The drill an hour after, on its weekday. */
export function dueToday(now: Date, hourUtc: number, drillWeekday: number): { backup: boolean; drill: boolean } {
  const hoursIntoDay = (now.getTime() - startOfUtcDay(now).getTime()) / 3_600_000;
  return { backup: hoursIntoDay >= hourUtc, drill: now.getUTCDay() === drillWeekday && hoursIntoDay >= hourUtc + 1 };
}
