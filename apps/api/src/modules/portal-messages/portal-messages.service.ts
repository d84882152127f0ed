import type { PortalMessage, PortalMessageThread } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findMessageMatter, findThread, insertMessage, markThreadRead } from './portal-messages.repository.ts';

/** A thread shows its newest 200 messages (years of a matter's correspondence); older ones are kept. */
const THREAD_PAGE = 200;

type Side = { kind: 'firm'; principal: FirmPrincipal } | { kind: 'client'; principal: PortalPrincipal };

/**
 * Secure messages between a firm and its client, one thread per matter. The client reaches only
 * their own matters' threads (any other matter answers 404, as for another firm's); the firm, any
 * live matter of its own. Messages are never edited or deleted (the database refuses it).
 */
export function createPortalMessageService(database: Database) {
  /** The matter, if this side may reach its thread. */
  async function matterFor(tx: Parameters<Parameters<Database['withFirm']>[1]>[0], side: Side, matterId: string) {
    const matter = await findMessageMatter(tx, side.principal.firmId, matterId);
    if (!matter || (side.kind === 'client' && matter.clientId !== side.principal.clientId)) throw notFound('Matter');
    return matter;
  }

  return {
    thread: (side: Side, matterId: string): Promise<PortalMessageThread> =>
      database.withFirm(
        side.principal.firmId,
        async (tx) => {
          const matter = await matterFor(tx, side, matterId);
          const { messages, hasOlder } = await findThread(tx, side.principal.firmId, matterId, THREAD_PAGE);
          return { matterId, matterName: matter.matterName, messages, hasOlder };
        },
        READ_ONLY,
      ),

    send: (side: Side, input: { matterId: string; body: string }): Promise<PortalMessage> =>
      database.withFirm(side.principal.firmId, async (tx) => {
        const matter = await matterFor(tx, side, input.matterId);
        const id = await insertMessage(tx, {
          firmId: side.principal.firmId,
          clientId: matter.clientId,
          matterId: matter.id,
          senderKind: side.kind,
          senderUserId: side.kind === 'firm' ? side.principal.userId : null,
          senderPortalAccountId: side.kind === 'client' ? side.principal.portalAccountId : null,
          body: input.body,
        });
        // The firm's record says a message went to the client (never what it said).
        if (side.kind === 'firm') await recordAuditEvent(tx, side.principal, 'portalMessage.sent', id, { matterId: matter.id });
        const { messages } = await findThread(tx, side.principal.firmId, matter.id, 1);
        return messages[0]!;
      }),

    /** This side has read the thread: the other side's unread messages get their read receipt. */
    markRead: (side: Side, matterId: string): Promise<{ markedCount: number }> =>
      database.withFirm(side.principal.firmId, async (tx) => {
        await matterFor(tx, side, matterId);
        const otherSide = side.kind === 'firm' ? 'client' : 'firm';
        const readBy = side.kind === 'firm' ? side.principal.userId : null;
        return { markedCount: await markThreadRead(tx, side.principal.firmId, matterId, otherSide, readBy) };
      }),
  };
}
export type PortalMessageService = ReturnType<typeof createPortalMessageService>;
