/** Unrecorded timer time as people read it: "1 h 05 min"; under a minute, "less than a minute". */
export function timerDurationText(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export function openMattersText(count: number): string {
  if (count === 0) return 'They are on no open matters.';
  return `They are on ${count} open ${count === 1 ? 'matter' : 'matters'}.`;
}
