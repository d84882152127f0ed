import type { FastifyBaseLogger } from 'fastify';
import type { BackupSettings } from '../../config.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { BackupDestination } from './backup-destination.ts';
import type { BackupSources } from './take-backup.ts';

/** What the running app's backups and drills need: the sources, the destination, the operator's settings, and who to tell. */
export type BackupSetup = {
  sources: BackupSources;
  destination: BackupDestination;
  settings: BackupSettings;
  outbox: Outbox;
  appUrl: string;
  logger?: Pick<FastifyBaseLogger, 'error' | 'info'>;
};
