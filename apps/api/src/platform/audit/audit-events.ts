/** The trail's events are listed once, in packages/shared, so the web's report filters offer the same names. */
export { AUDIT_EVENTS, entityOf, type AuditEntity, type AuditEvent } from '@matterhorn/shared';
