import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Each backup and restore drill the installation ran (issue 65 §3): what Settings › Backups shows,
 * and what the schedule reads to know whether today's is done. Not a firm's record: backups hold
 * every firm. One run of each kind at a time (the partial unique index): a second replica's job, or
 * "Back up now" pressed twice, finds it running.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['backup', 'drill'] }).notNull(),
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    requestedBy: uuid('requested_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The backup taken, or the one the drill restored. */
    backupId: text('backup_id'),
    destination: text('destination'),
    bytesWritten: bigint('bytes_written', { mode: 'number' }),
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    files: integer('files'),
    newFiles: integer('new_files'),
    durationMs: integer('duration_ms'),
    /** A drill's proofs: each one's name and whether it passed. */
    proofs: jsonb('proofs').$type<{ name: string; passed: boolean }[]>(),
    failure: text('failure'),
  },
  (table) => [
    uniqueIndex('backup_runs_one_running')
      .on(table.kind)
      .where(sql`status = 'running'`),
    index('backup_runs_started').on(table.kind, table.startedAt),
  ],
);
