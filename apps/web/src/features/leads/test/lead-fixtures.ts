import type { Lead, LeadSummary } from '@matterhorn/shared';

const WHEN = '2026-11-28T09:00:00.000Z';

/** A lead as the board and the list show it: a person taken by phone, nothing decided yet. */
export const leadSummaryOf = (overrides: Partial<LeadSummary> & Pick<LeadSummary, 'id' | 'displayName'>): LeadSummary => ({
  leadType: 'individual',
  email: null,
  phone: null,
  status: 'new',
  source: 'phone',
  intakeFormName: null,
  practiceAreaId: null,
  practiceAreaName: null,
  assigneeUserId: null,
  assigneeName: null,
  conflictDecision: null,
  createdAt: WHEN,
  statusChangedAt: WHEN,
  ...overrides,
});

/** A lead as its page shows it: the summary's fields, no form, files or timeline. */
export const leadOf = (overrides: Partial<Lead> & Pick<Lead, 'id' | 'displayName' | 'firstName' | 'lastName'>): Lead => ({
  ...leadSummaryOf(overrides),
  companyName: null,
  address: null,
  city: null,
  state: null,
  country: null,
  postalCode: null,
  matterDescription: null,
  opposingParties: [],
  referrerName: null,
  intakeFormId: null,
  notEngagedReason: null,
  nextStatuses: [],
  conflictCheck: null,
  submission: null,
  files: [],
  timeline: [],
  updatedAt: WHEN,
  ...overrides,
});
