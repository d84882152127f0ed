import type { Tx } from '../../db/database.ts';
import { auditEvents } from '../../db/schema/index.ts';

export async function insertAuditEvent(tx: Tx, values: typeof auditEvents.$inferInsert): Promise<void> {
  await tx.insert(auditEvents).values(values);
}
