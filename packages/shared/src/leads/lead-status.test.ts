import { describe, expect, it } from 'vitest';
import { LEAD_STATUS_MESSAGES, leadTransitionRefusal, type LeadConflictDecision, type LeadStatus } from './lead-status.ts';

describe('a lead’s pipeline', () => {
  it.each<[LeadStatus, LeadStatus, string | null, LeadConflictDecision, string | null]>([
    ['new', 'contacted', null, null, null],
    ['new', 'consultationBooked', null, null, null],
    ['consultationBooked', 'contacted', null, null, null],
    ['notEngaged', 'contacted', null, null, null],
    ['contacted', 'engaged', null, 'no_conflict', null],
    ['contacted', 'engaged', null, 'proceed_despite_conflict', null],
    ['contacted', 'engaged', null, null, LEAD_STATUS_MESSAGES.conflictFirst],
    ['contacted', 'engaged', null, 'declined', LEAD_STATUS_MESSAGES.conflictDeclined],
    ['new', 'notEngaged', '  ', null, LEAD_STATUS_MESSAGES.reasonRequired],
    ['new', 'notEngaged', 'Outside our practice', null, null],
    ['contacted', 'new', null, null, LEAD_STATUS_MESSAGES.notAllowed('contacted', 'new')],
    ['notEngaged', 'engaged', null, 'no_conflict', LEAD_STATUS_MESSAGES.notAllowed('notEngaged', 'engaged')],
    ['engaged', 'notEngaged', 'Changed their mind', 'no_conflict', LEAD_STATUS_MESSAGES.engagedIsFinal],
    ['new', 'new', null, null, LEAD_STATUS_MESSAGES.same('new')],
  ])('%s → %s (reason %j, conflict %s): %j', (from, to, reason, conflictDecision, expected) => {
    expect(leadTransitionRefusal({ from, to, reason, conflictDecision })).toBe(expected);
  });
});
