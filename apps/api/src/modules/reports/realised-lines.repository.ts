import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { realisedLinesIn } from '../invoices/invoices.api.ts';
import type { ActivityFilters } from './report-filters.repository.ts';

export type TimeLineCounts = { lines: number; items: number };

/**
 * The live invoice lines of the period's time (of the fee earner, when one is named) and the
 * entries they bill: the reports that read billed and collected from the lines, not entry by entry,
 * would count an entry on two lines twice.
 */
export async function countRealisedTimeLines(tx: Tx, firmId: string, filters: ActivityFilters): Promise<TimeLineCounts> {
  const [counts] = await rowsOf<TimeLineCounts>(
    tx.execute(sql`select count(*)::int as lines, count(distinct realised.item_id)::int as items
      from ${realisedLinesIn(firmId, 'fee', filters)} realised`),
  );
  return counts!;
}
