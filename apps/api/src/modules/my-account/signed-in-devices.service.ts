import type { SignedInDevice } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { secureAccountAfterRecovery } from '../auth/auth.api.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findMemberName, findOpenSessions, revokeOpenSessions, touchSession } from './signed-in-devices.repository.ts';

/** A session's last request is written when the stored one is at least this old: "last active" and the idle clock lag by no more. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/**
 * Signed-in devices (issue 39): a member's open sessions with where each signed in from and when it
 * was last active; signing one or all others out; an administrator signing a member out everywhere.
 */
export function createSignedInDevices(database: Database, { outbox, appUrl }: { outbox: Outbox; appUrl: string }) {
  return {
    /**
     * The write of a session's last request, when one is due: run after the answer. The session check
     * answers the stored moment (a session just signed in was active at its start), so most requests
     * schedule nothing, and the firm's idle timeout (migration 0079) is exact to within five minutes.
     */
    touchIfDue(principal: Pick<FirmPrincipal, 'firmId' | 'sessionId' | 'lastActiveAt'>, now = Date.now()): (() => Promise<void>) | null {
      if (!principal.sessionId || principal.lastActiveAt === undefined || now - principal.lastActiveAt < TOUCH_EVERY_MS) return null;
      return () => database.withFirm(principal.firmId, (tx) => touchSession(tx, principal.firmId, principal.sessionId));
    },

    async list(principal: FirmPrincipal): Promise<SignedInDevice[]> {
      const rows = await database.withFirm(principal.firmId, (tx) => findOpenSessions(tx, principal.firmId, principal.userId));
      return rows.map((row) => ({
        id: row.id,
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
        signedInAt: new Date(row.signedInAt).toISOString(),
        lastActiveAt: new Date(row.lastActiveAt).toISOString(),
        isThisDevice: row.id === principal.sessionId,
      }));
    },

    async signOut(principal: FirmPrincipal, sessionId: string): Promise<{ signedOut: number }> {
      const signedOut = await database.withFirm(principal.firmId, (tx) =>
        revokeOpenSessions(tx, principal.firmId, principal.userId, { only: sessionId }),
      );
      if (signedOut === 0) throw notFound('Session');
      return { signedOut };
    },

    /** The member's own "sign out everywhere else": a recovery step (ADR 95), so passkeys and remembered browsers go too. */
    signOutOthers: (principal: FirmPrincipal) =>
      database.withFirm(principal.firmId, async (tx) => {
        const signedOut = await revokeOpenSessions(tx, principal.firmId, principal.userId, { except: principal.sessionId });
        await secureAccountAfterRecovery(tx, outbox, principal, { reason: 'you signed out of every other device', appUrl });
        return { signedOut };
      }),

    /** An administrator ends every session of a member of the firm (audited); another firm's member is not found. */
    async signOutEverywhere(principal: FirmPrincipal, userId: string): Promise<{ signedOut: number }> {
      return database.withFirm(principal.firmId, async (tx) => {
        const name = await findMemberName(tx, principal.firmId, userId);
        if (name === null) throw notFound('User');
        const signedOut = await revokeOpenSessions(tx, principal.firmId, userId, 'all');
        const { passkeysRemoved } = await secureAccountAfterRecovery(
          tx,
          outbox,
          { firmId: principal.firmId, userId },
          { reason: 'your firm’s administrator signed you out on every device', appUrl },
        );
        await recordAuditEvent(tx, principal, 'teamMember.signedOutEverywhere', userId, { name, sessions: signedOut, passkeysRemoved });
        return { signedOut };
      });
    },
  };
}
export type SignedInDevices = ReturnType<typeof createSignedInDevices>;
