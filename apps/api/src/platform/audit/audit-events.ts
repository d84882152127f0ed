/**
 * Every event the audit trail records, named `<entity>.<what happened>`: the entity as the API
 * names it (camelCase), the happening in the past tense. A new event is added here first, so the
 * trail's reader (the audit-trail report) knows every name it can meet.
 */
export const AUDIT_EVENTS = [
  'activityType.created',
  'activityType.updated',
  'activityType.deleted',
  'client.created',
  'client.updated',
  'client.deleted',
  'client.restored',
  'client.portalInvited',
  'client.portalRevoked',
  'conflictCheck.decided',
  'customField.created',
  'customField.updated',
  'customField.deleted',
  'exchangeRate.set',
  'exchangeRate.deleted',
  'firm.setUp',
  'firm.profileUpdated',
  'matter.created',
  'matter.updated',
  'matter.closed',
  'matter.reopened',
  'matter.deleted',
  'matter.restored',
  'practiceArea.created',
  'practiceArea.updated',
  'practiceArea.deleted',
  'role.created',
  'role.updated',
  'role.deleted',
  'teamInvitation.sent',
  'teamInvitation.cancelled',
  'teamMember.updated',
  'teamMember.deactivated',
  'teamMember.reactivated',
  'timeEntry.created',
  'timeEntry.updated',
  'timeEntry.deleted',
  'flatFee.created',
  'flatFee.updated',
  'flatFee.deleted',
  'expense.created',
  'expense.updated',
  'expense.deleted',
  'expense.approved',
  'expense.rejected',
  'expense.paid',
  'expenseReceipt.uploaded',
  'expenseReceipt.deleted',
  'expenseCategory.created',
  'expenseCategory.updated',
  'expenseCategory.deleted',
] as const;

export type AuditEvent = (typeof AUDIT_EVENTS)[number];
/** What an event is about: the part of its name before the dot. */
export type AuditEntity = AuditEvent extends `${infer Entity}.${string}` ? Entity : never;

export const entityOf = (event: AuditEvent) => event.slice(0, event.indexOf('.')) as AuditEntity;
