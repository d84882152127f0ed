import { asc } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { firms } from '../db/schema/index.ts';

/** Every firm's id, in order: what a periodic job walks, firm by firm (read with the identity lookup). */
export function listFirmIds(tx: Tx) {
  return tx.select({ firmId: firms.id }).from(firms).orderBy(asc(firms.id));
}
