import type { Breach } from '@matterhorn/shared';

/** "Tell the regulator within 41 h 12 min", "Deadline passed 3 h 5 min ago", or when and whom it was told. */
export function deadlineText(breach: Pick<Breach, 'minutesLeft' | 'regulatorNotifiedAt' | 'regulatorNotifiedTo'>, minutesGone = 0): string {
  if (breach.regulatorNotifiedAt) return `Regulator told: ${breach.regulatorNotifiedTo ?? ''}`;
  const left = breach.minutesLeft - minutesGone;
  const span = (minutes: number) => `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return left >= 0 ? `Tell the regulator within ${span(left)}` : `72-hour deadline passed ${span(-left)} ago`;
}
