import type { Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import type { QueueClientUpdate } from '../client-messages/client-messages.api.ts';

/**
 * The client updates a court update sends (ADR 90), in its transaction: that an update waits on the
 * portal once it is shared with the client, and the next adjourned date each time it is set or moved.
 * Only the matter and the date go: never what happened in court.
 */
export async function queueCourtUpdateMessages(
  queue: QueueClientUpdate | undefined,
  tx: Tx,
  principal: FirmPrincipal,
  courtUpdateId: string,
  now: { matterId: string; isSharedWithClient: boolean; nextAdjournedDate: string | null },
  before: { isSharedWithClient: boolean; nextAdjournedDate: string | null } | null,
) {
  if (!queue) return;
  const common = { matterId: now.matterId, createdByUserId: principal.userId };
  if (now.isSharedWithClient && !before?.isSharedWithClient)
    await queue(tx, principal.firmId, { ...common, templateKey: 'court-update-shared', eventKey: `court-update-shared:${courtUpdateId}` });
  if (now.nextAdjournedDate && now.nextAdjournedDate !== before?.nextAdjournedDate)
    await queue(tx, principal.firmId, {
      ...common,
      templateKey: 'hearing-adjourned',
      eventKey: `hearing-adjourned:${courtUpdateId}:${now.nextAdjournedDate}`,
      date: now.nextAdjournedDate,
    });
}
