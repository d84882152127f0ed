import {
  billedDuration,
  DURATION_DECIMALS,
  fromScaled,
  likelyActivityType,
  narrativeOf,
  type TimeSuggestion,
  type WorkActivityKind,
} from '@matterhorn/shared';
import type { ActivityTypeReference, MatterDayFigure, MatterReference, WorkActionRow } from './time-suggestions.repository.ts';

/** Work left under a minute is not worth a line: a glance at a document is not an attendance. */
export const MIN_SUGGESTED_SECONDS = 60;

const keyOf = (workDate: string, matterId: string) => `${workDate}:${matterId}`;

/** Seconds as decimal hours to 4 places, exact (seconds × 10000 ÷ 3600, half up). */
export function secondsToDecimalHours(seconds: number): string {
  const scaled = (BigInt(seconds) * 10n ** BigInt(DURATION_DECIMALS) * 2n + 3600n) / 7200n;
  return fromScaled(scaled, DURATION_DECIMALS);
}

type Inputs = {
  actions: WorkActionRow[];
  recorded: MatterDayFigure[];
  settled: MatterDayFigure[];
  matters: MatterReference[];
  activityTypes: ActivityTypeReference[];
  billingIncrement: string;
};

/**
 * One suggestion per day and matter: the day's work less what is already settled or recorded,
 * whichever is more (an entry typed for the same matter that day covers the same work; a suggestion
 * accepted shorter than proposed does not come back for the rest). Rounded up to the firm's billing
 * increment; the activity type is the one the longest kind of work most likely is.
 */
export function buildSuggestions({ actions, recorded, settled, matters, activityTypes, billingIncrement }: Inputs): TimeSuggestion[] {
  const recordedBy = new Map(recorded.map((row) => [keyOf(row.workDate, row.matterId), row.seconds]));
  const settledBy = new Map(settled.map((row) => [keyOf(row.workDate, row.matterId), row.seconds]));
  const matterBy = new Map(matters.map((matter) => [matter.id, matter]));
  const groups = new Map<string, WorkActionRow[]>();
  for (const action of actions) {
    const key = keyOf(action.workDate, action.matterId);
    groups.set(key, [...(groups.get(key) ?? []), action]);
  }
  const suggestions: TimeSuggestion[] = [];
  for (const [key, group] of groups) {
    const [first] = group;
    const matter = first && matterBy.get(first.matterId);
    if (!first || !matter) continue;
    const worked = group.reduce((sum, action) => sum + action.seconds, 0);
    const covered = Math.max(recordedBy.get(key) ?? 0, settledBy.get(key) ?? 0);
    const left = worked - covered;
    if (left < MIN_SUGGESTED_SECONDS) continue;
    const activity = likelyActivityType(longestKind(group), activityTypes);
    suggestions.push({
      workDate: first.workDate,
      matterId: matter.id,
      matterName: matter.matterName,
      matterNumber: matter.matterNumber,
      clientId: matter.clientId,
      clientName: matter.clientName,
      workedHours: secondsToDecimalHours(worked),
      recordedHours: secondsToDecimalHours(recordedBy.get(key) ?? 0),
      proposedHours: billedDuration(secondsToDecimalHours(left), billingIncrement),
      activityId: activity?.id ?? null,
      activityName: activity?.activityType ?? null,
      narrative: narrativeOf(group),
      actions: group.map(({ kind, subject, seconds }) => ({ kind, subject, seconds })),
    });
  }
  return suggestions.sort((a, b) => b.workDate.localeCompare(a.workDate) || a.matterName.localeCompare(b.matterName));
}

/** The kind of work that took longest in a group (the first one done, on a tie). */
function longestKind(group: WorkActionRow[]): WorkActivityKind {
  const byKind = new Map<WorkActivityKind, number>();
  for (const action of group) byKind.set(action.kind, (byKind.get(action.kind) ?? 0) + action.seconds);
  let best: WorkActivityKind = group[0]!.kind;
  for (const [kind, seconds] of byKind) if (seconds > (byKind.get(best) ?? 0)) best = kind;
  return best;
}

/** The seconds of work a suggestion held: what accepting or dismissing it settles. */
export const workedSecondsOf = (suggestion: TimeSuggestion) => suggestion.actions.reduce((sum, action) => sum + action.seconds, 0);
