import { PassThrough, type Readable } from 'node:stream';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/database.ts';
import { csvDatesIn, csvFileStart, csvLine, type CsvDates, type CsvValue } from '../../lib/csv.ts';
import { findFirmTimeZone } from '../firm-clock.ts';
import type { ListDeclaration, ListRequest } from './list-declaration.ts';
import type { ListRow } from './list-page.ts';
import { batchStatement, type Keyset } from './list-statements.ts';

/**
 * A row as an export batch reads it: the list's columns as the driver gives them, where a
 * timestamp is its text (drizzle's node-postgres and PGlite drivers leave dates and times as text;
 * only the ORM's mapping makes them Dates).
 */
export type CsvRow<Columns extends SelectedFields> = {
  [Name in keyof ListRow<Columns>]: ListRow<Columns>[Name] extends Date
    ? string
    : ListRow<Columns>[Name] extends Date | null
      ? string | null
      : ListRow<Columns>[Name];
};

/**
 * A list's CSV: its header, and each row's cells. `prepare` reads, in the same snapshot, what every
 * row's cells may look up (a firm's few fee earners and activity names), once per export; `dates`
 * writes dates and moments as the firm reads them.
 */
export type ListCsv<Columns extends SelectedFields, Context> = {
  header: readonly string[];
  prepare?: (tx: Tx, firmId: string) => Promise<Context>;
  cells: (row: CsvRow<Columns>, context: Context, dates: CsvDates) => readonly CsvValue[];
};

/**
 * Rows per batch: a batch is the most the export holds in memory. Batches of 2,000 lived long
 * enough to reach V8's old generation (the process grew by 35–113 MB per export of 100,000 time
 * entries); batches of 500 grew it by 12–64 MB, in about the same time.
 */
export const CSV_BATCH_ROWS = 500;

/** Waits until the reader has taken what was written, or has gone away. */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed) return resolve();
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** A row of an export batch: the list's columns, and its sort values as text, the id last. */
type BatchRow<Columns extends SelectedFields> = CsvRow<Columns> & { sortValues: (string | null)[] };

/**
 * The whole filtered list as CSV, one consistent snapshot: a read-only repeatable-read transaction
 * reads it in batches, each starting after the last one's final row (keyset: no batch counts past
 * the rows before it), written only when the reader has room, so memory stays flat however long
 * the list. The transaction stays open while the stream is read and ends when it is done or the
 * reader goes away. It resolves once the first batch is read: a failure before any output is an
 * ordinary error; one after it ends the stream with that error.
 */
export function streamListCsv<Filters extends object, SortColumn extends string, Columns extends SelectedFields, Context>(
  database: Database,
  firmId: string,
  list: ListDeclaration<Filters, SortColumn, Columns>,
  request: ListRequest<Filters, SortColumn>,
  csv: ListCsv<Columns, Context>,
): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const stream = new PassThrough();
    let isStarted = false;
    const exportRows = async (tx: Tx) => {
      const context = (await csv.prepare?.(tx, firmId)) as Context;
      const dates = csvDatesIn(await findFirmTimeZone(tx, firmId));
      const readBatch = (after: Keyset | null) => {
        const batch = tx
          .execute(batchStatement(tx, list, firmId, request, CSV_BATCH_ROWS, after))
          .then((result) => (result as unknown as { rows: BatchRow<Columns>[] }).rows);
        // Awaited below; until then a failure must not count as an unhandled rejection.
        batch.catch(() => undefined);
        return batch;
      };
      let pending: Promise<BatchRow<Columns>[]> | null = readBatch(null);
      while (pending) {
        const batch: BatchRow<Columns>[] = await pending;
        const last = batch.at(-1);
        // The next batch is asked for before this one is formatted, so the database and the formatting overlap.
        const isFull = last !== undefined && batch.length === CSV_BATCH_ROWS;
        pending = isFull && !stream.destroyed ? readBatch({ values: last.sortValues.slice(0, -1), id: last.sortValues.at(-1)! }) : null;
        const text = (isStarted ? '' : csvFileStart(csv.header)) + batch.map((row) => csvLine(csv.cells(row, context, dates))).join('');
        if (!isStarted) {
          isStarted = true;
          resolve(stream);
        }
        if (!stream.destroyed && !stream.write(text)) await drained(stream);
        if (stream.destroyed) {
          // The reader went away: let the batch already asked for finish, then end the transaction.
          await pending?.catch(() => undefined);
          return;
        }
      }
    };
    database.withFirmFromReplica(firmId, exportRows, { isolation: 'repeatable read' }).then(
      () => stream.end(),
      (error: unknown) => (isStarted ? stream.destroy(error as Error) : reject(error)),
    );
  });
}
