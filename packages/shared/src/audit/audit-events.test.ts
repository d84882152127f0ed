import { describe, expect, it } from 'vitest';
import { AUDIT_EVENTS, AUDIT_RECORD_TYPES, auditActionLabel, auditRecordTypeLabel, entityOf } from './audit-events.ts';

describe('the audit trail’s names as people read them', () => {
  it.each([
    ['client.updated', 'Client: updated'],
    ['trustTransaction.invoicePaid', 'Trust transaction: invoice paid'],
    ['firm.booksClosed', 'Firm: books closed'],
  ])('%s reads "%s"', (action, label) => expect(auditActionLabel(action)).toBe(label));

  it('offers every record type of the events once, as words', () => {
    expect(new Set(AUDIT_RECORD_TYPES).size).toBe(AUDIT_RECORD_TYPES.length);
    for (const event of AUDIT_EVENTS) expect(AUDIT_RECORD_TYPES).toContain(entityOf(event));
    expect(auditRecordTypeLabel('trustMovementRequest')).toBe('Trust movement request');
  });
});
