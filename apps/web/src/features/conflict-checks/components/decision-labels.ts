import type { ConflictDecision } from '../../../lib/conflict-checks.ts';

export const DECISION_LABELS: Record<ConflictDecision, string> = {
  no_conflict: 'No conflict',
  proceed_despite_conflict: 'Proceed despite conflict',
  declined: 'Declined',
};

export const CONTEXT_LABELS: Record<string, string> = { client: 'New client', matter: 'New matter', standalone: 'Standalone' };

/** A timestamp as DD/MM/YYYY HH:mm in the user's time zone. */
export function displayDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
