import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

export async function pingDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}
