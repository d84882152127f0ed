import type { ConflictDecision } from '../../../lib/conflict-checks.ts';

export const DECISION_LABELS: Record<ConflictDecision, string> = {
  no_conflict: 'No conflict',
  proceed_despite_conflict: 'Proceed despite conflict',
  declined: 'Declined',
};

export const CONTEXT_LABELS: Record<string, string> = { client: 'New client', matter: 'New matter', standalone: 'Standalone' };

export { displayDateTime } from '../../../lib/date-time.ts';
