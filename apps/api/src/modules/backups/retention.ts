/** How many backups to keep: the newest of each of the last N days, N ISO weeks and N months (issue 65: 7, 4, 12). */
export type Retention = { daily: number; weekly: number; monthly: number };

/** Monday of the moment's week, as its date in UTC: the week a backup counts for. */
function weekOf(moment: Date): string {
  const monday = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/**
 * Which backups retention keeps: for each period kind, the newest backup of each of the most recent
 * periods that have one, up to the count. A backup kept by any rule stays; the newest is always kept.
 */
export function backupsToKeep(backups: readonly { id: string; at: Date }[], retention: Retention): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>(newestFirst.slice(0, 1).map((backup) => backup.id));
  const rules: [number, (moment: Date) => string][] = [
    [retention.daily, (moment) => moment.toISOString().slice(0, 10)],
    [retention.weekly, weekOf],
    [retention.monthly, (moment) => moment.toISOString().slice(0, 7)],
  ];
  for (const [count, periodOf] of rules) {
    const periods = new Set<string>();
    for (const backup of newestFirst) {
      const period = periodOf(backup.at);
      if (periods.has(period)) continue;
      if (periods.size === count) break;
      periods.add(period);
      keep.add(backup.id);
    }
  }
  return keep;
}
