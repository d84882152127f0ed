/**
 * A lead's pipeline (issue 45), said once (GUIDE §9): the server refuses by it, the web offers by it.
 * New → Contacted → Consultation booked → Engaged, or Not engaged (with a reason) from any open step;
 * a step may be skipped (a walk-in may book at once), a booked consultation may fall back to
 * Contacted (cancelled), and a lead not engaged may be reopened. Engaged is the end: the lead
 * becomes a client by conversion, not by moving back.
 */
export const LEAD_STATUSES = ['new', 'contacted', 'consultationBooked', 'engaged', 'notEngaged'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  consultationBooked: 'Consultation booked',
  engaged: 'Engaged',
  notEngaged: 'Not engaged',
};

/** Every move a lead may make, and the permission each needs (all: editing client information). */
export const LEAD_TRANSITIONS: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'consultationBooked', 'engaged', 'notEngaged'],
  contacted: ['consultationBooked', 'engaged', 'notEngaged'],
  consultationBooked: ['contacted', 'engaged', 'notEngaged'],
  engaged: [],
  notEngaged: ['contacted'],
};

export const LEAD_TRANSITION_PERMISSION = 'clientInfo.edit';

export const LEAD_STATUS_MESSAGES = {
  same: (status: LeadStatus) => `The lead is already ${LEAD_STATUS_LABELS[status].toLowerCase()}`,
  engagedIsFinal: 'An engaged lead stays engaged: convert it to a client and matter',
  notAllowed: (from: LeadStatus, to: LeadStatus) =>
    `A lead that is ${LEAD_STATUS_LABELS[from].toLowerCase()} cannot be moved to ${LEAD_STATUS_LABELS[to].toLowerCase()}`,
  reasonRequired: 'Give the reason the lead was not engaged',
  conflictFirst: 'Run the conflict check and record a decision that lets the firm act before the lead is engaged',
  conflictDeclined: 'The conflict check found a conflict: this lead cannot be engaged',
} as const;

/** The conflict check's decision as the lead keeps it (the engine's: conflict-check.schemas.ts). */
export type LeadConflictDecision = 'no_conflict' | 'proceed_despite_conflict' | 'declined' | null;

/** The statuses a lead may move to now (what the web offers). */
export const nextLeadStatuses = (from: LeadStatus): readonly LeadStatus[] => LEAD_TRANSITIONS[from];

/**
 * Why a move is refused, or null when it may be made. Engaging needs the lead's conflict check
 * decided so the firm may act (cleared, or waived with a reason): the rule issue 13 enforces on
 * clients and matters, applied before the firm commits to the engagement.
 */
export function leadTransitionRefusal(move: {
  from: LeadStatus;
  to: LeadStatus;
  reason?: string | null;
  conflictDecision: LeadConflictDecision;
}): string | null {
  const { from, to } = move;
  if (from === to) return LEAD_STATUS_MESSAGES.same(from);
  if (from === 'engaged') return LEAD_STATUS_MESSAGES.engagedIsFinal;
  if (!LEAD_TRANSITIONS[from].includes(to)) return LEAD_STATUS_MESSAGES.notAllowed(from, to);
  if (to === 'notEngaged' && !move.reason?.trim()) return LEAD_STATUS_MESSAGES.reasonRequired;
  if (to === 'engaged') {
    if (move.conflictDecision === 'declined') return LEAD_STATUS_MESSAGES.conflictDeclined;
    if (move.conflictDecision === null) return LEAD_STATUS_MESSAGES.conflictFirst;
  }
  return null;
}

/** Open leads: still in the pipeline. */
export const isLeadOpen = (status: LeadStatus): boolean => status !== 'engaged' && status !== 'notEngaged';
