import type { Tx } from '../../db/database.ts';
import { entityOf, type AuditEvent } from './audit-events.ts';
import { insertAuditEvent } from './audit.repository.ts';

export { AUDIT_EVENTS, type AuditEvent } from './audit-events.ts';

/** Who acted: a signed-in member of the firm (a FirmPrincipal fits). */
export type AuditActor = { firmId: string; userId: string };

/**
 * What changed. Changes to money or client data carry `before` and `after` (the fields that matter,
 * as the API shows them), so the trail alone can say who changed what from what.
 */
export type AuditDetails = { before?: unknown; after?: unknown } & Record<string, unknown>;

/**
 * Records an event in the caller's transaction: it commits with the change it describes, or
 * neither does. The moment is the transaction's (PostgreSQL's now()).
 */
export function recordAuditEvent(tx: Tx, actor: AuditActor, event: AuditEvent, entityId: string, details: AuditDetails = {}) {
  return insertAuditEvent(tx, {
    firmId: actor.firmId,
    actorUserId: actor.userId,
    action: event,
    entityType: entityOf(event),
    entityId,
    details,
  });
}

/**
 * The fields that differ between two views of a record, as `before` and `after`: what an update's
 * event keeps (compared as JSON, so nested contacts or fee earners count as one field each).
 */
export function changeOf<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const changed = Object.keys({ ...before, ...after }).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field]])) as Partial<T>,
    after: Object.fromEntries(changed.map((field) => [field, after[field]])) as Partial<T>,
  };
}
