import { listFirmIds } from '../../platform/firm-list.repository.ts';
import type { BackupSetup } from './backup-setup.ts';
import { findFirmOwner } from './backup-runs.repository.ts';

/**
 * A backup or drill that failed is e-mailed to each firm's owner (issue 65 §3): the installation's
 * backups hold every firm, and an owner on a self-hosted install is the one who can act.
 */
export async function tellOwnersOfFailure(setup: BackupSetup, kind: 'backup' | 'drill', failure: string): Promise<void> {
  const { database } = setup.sources;
  const what = kind === 'backup' ? 'backup' : 'weekly restore drill';
  for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx))) {
    await database.withFirm(firmId, async (tx) => {
      const owner = await findFirmOwner(tx, firmId);
      if (!owner) return;
      await setup.outbox.queue(tx, firmId, {
        to: owner.email,
        subject: `Matterhorn's ${what} failed`,
        sender: 'matterhorn',
        paragraphs: [
          `${owner.name}, tonight's ${what} of your firm's Matterhorn data failed: ${failure}`,
          kind === 'backup'
            ? 'Until a backup succeeds, the work done since the last one is in no backup. Administrators see it under Settings › Backups, where they can back up now.'
            : 'The newest backup could not be restored and proved whole. Administrators see each proof under Settings › Backups.',
        ],
        action: { label: 'Open Settings › Backups', url: `${setup.appUrl}/settings/backups` },
        why: 'you own your firm’s Matterhorn account',
      });
    });
  }
}
