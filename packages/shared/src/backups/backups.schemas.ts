import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

export const BACKUP_RUN_KINDS = ['backup', 'drill'] as const;
export const BACKUP_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export const BACKUP_RUN_TRIGGERS = ['schedule', 'manual'] as const;
export type BackupRunStatus = (typeof BACKUP_RUN_STATUSES)[number];

export const BACKUP_MESSAGES = {
  started: 'The backup has started. This page shows it when it is done.',
  alreadyRunning: 'A backup is already being taken: wait for it to finish',
  notDownloadable: 'Only a kept backup of an embedded install that holds your firm alone can be downloaded here',
} as const;

/**
 * Days without a backup that turn the notice red (issue 65 §3): the daily schedule has missed two in
 * a row. Read by the page and the shell's banner alike.
 */
export const BACKUP_OVERDUE_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since the last backup that succeeded (none ever: counted from when backups began to be kept). */
export const daysWithoutBackup = (lastSucceededAt: string | null, since: string, now = new Date()) =>
  Math.floor((now.getTime() - new Date(lastSucceededAt ?? since).getTime()) / DAY_MS);

const proofSchema = z.object({
  name: z.string().describe('The proof, as the restore prints it ("Audit trail verifies").'),
  passed: z.boolean().describe('Whether the restored copy passed it.'),
});

export const backupRunSchema = z.object({
  id: z.string().describe('The run’s id.'),
  kind: z.enum(BACKUP_RUN_KINDS).describe('backup, or drill (the newest backup restored into a scratch copy and proved).'),
  trigger: z.enum(BACKUP_RUN_TRIGGERS).describe('schedule, or manual ("Back up now").'),
  status: z.enum(BACKUP_RUN_STATUSES).describe('running, succeeded or failed.'),
  startedAt: z.string().describe('ISO 8601.'),
  finishedAt: z.string().nullable().describe('ISO 8601, else null while it runs.'),
  backupId: z.string().nullable().describe('The backup taken, or the one the drill restored.'),
  destination: z.string().nullable().describe('Where the backup went (a folder or s3://bucket/prefix).'),
  bytesWritten: z.number().nullable().describe('Bytes the backup wrote (the files new since the last one, and the database).'),
  bytesTotal: z.number().nullable().describe('Bytes a restore of it reads.'),
  files: z.number().nullable().describe('Stored files the backup holds.'),
  durationMs: z.number().nullable().describe('How long it took.'),
  proofs: z.array(proofSchema).describe('A drill’s proofs of the restored copy, each passed or not.'),
  failure: z.string().nullable().describe('Why it failed, in words, else null.'),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupStatusSchema = z.object({
  where: z.string().describe('Where backups go.'),
  encryptedTo: z.string().describe('The age recipient every backup is encrypted to (its key is the operator’s).'),
  isKeyInDataDirectory: z.boolean().describe('True when the key was made in DATA_DIR: copy it elsewhere.'),
  hourUtc: z.number().int().describe('The hour (UTC) the daily backup starts.'),
  drillWeekday: z.number().int().describe('The day (0 Sunday – 6 Saturday) of the weekly restore drill.'),
  nextBackupAt: z.string().describe('When the next scheduled backup starts (ISO 8601).'),
  recoveryPointHours: z.number().describe('At most this much work can be lost with the set-up as it is.'),
  retention: z
    .object({
      daily: z.number().describe('Days whose newest backup is kept.'),
      weekly: z.number().describe('Weeks whose newest backup is kept.'),
      monthly: z.number().describe('Months whose newest backup is kept.'),
    })
    .describe('How many backups are kept.'),
  keptSince: z.string().describe('When backups began to be recorded (ISO 8601).'),
  lastBackup: backupRunSchema.nullable().describe('The newest backup that succeeded.'),
  lastDrill: backupRunSchema.nullable().describe('The newest drill, passed or not.'),
  runs: z.array(backupRunSchema).describe('The recent backups and drills, newest first.'),
  isDownloadable: z
    .boolean()
    .describe('An embedded install of this firm alone: a backup (which holds every firm of the install) can be downloaded from this page.'),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const backupsContracts = {
  status: defineRoute({ method: 'GET', path: '/api/admin/backups/get-status', response: backupStatusSchema }),
  backUpNow: defineRoute({ method: 'POST', path: '/api/admin/backups/back-up-now', response: backupRunSchema }),
};

/** GET /api/admin/backups/download/{backupId}: one backup's encrypted parts as a zip (registered by hand: a file, not the envelope). */
export const backupDownloadPath = { path: '/api/admin/backups/download/:backupId' } as const;
