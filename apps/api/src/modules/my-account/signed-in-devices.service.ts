import type { SignedInDevice } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findMemberName, findOpenSessions, revokeOpenSessions, touchSession } from './signed-in-devices.repository.ts';

/** A session's last request is written at most this often (per process; the database keeps the same rule). */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
/** Past this many sessions remembered, the ones not touched for a session's lifetime are forgotten. */
const REMEMBERED_TOUCHES = 10_000;

/**
 * Signed-in devices (issue 39): a member's open sessions with where each signed in from and when it
 * was last active; signing one or all others out; an administrator signing a member out everywhere.
 */
export function createSignedInDevices(database: Database) {
  const touchedAt = new Map<string, number>();

  return {
    /**
     * The write of a session's last request, when one is due: run after the answer. The first request
     * this process sees of a session only starts its clock (a session just signed in was active at its
     * start, and a request never costs a write for it); from five minutes later, a request writes
     * again. So "last active" is at most about ten minutes behind, and most requests schedule nothing.
     */
    touchIfDue(principal: Pick<FirmPrincipal, 'firmId' | 'sessionId'>, now = Date.now()): (() => Promise<void>) | null {
      if (!principal.sessionId) return null;
      const last = touchedAt.get(principal.sessionId);
      if (last !== undefined && now - last < TOUCH_EVERY_MS) return null;
      if (touchedAt.size >= REMEMBERED_TOUCHES)
        for (const [sessionId, at] of touchedAt) if (now - at > 12 * 60 * 60 * 1000) touchedAt.delete(sessionId);
      touchedAt.set(principal.sessionId, now);
      if (last === undefined) return null;
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

    signOutOthers: async (principal: FirmPrincipal) => ({
      signedOut: await database.withFirm(principal.firmId, (tx) =>
        revokeOpenSessions(tx, principal.firmId, principal.userId, { except: principal.sessionId }),
      ),
    }),

    /** An administrator ends every session of a member of the firm (audited); another firm's member is not found. */
    async signOutEverywhere(principal: FirmPrincipal, userId: string): Promise<{ signedOut: number }> {
      return database.withFirm(principal.firmId, async (tx) => {
        const name = await findMemberName(tx, principal.firmId, userId);
        if (name === null) throw notFound('User');
        const signedOut = await revokeOpenSessions(tx, principal.firmId, userId, 'all');
        await recordAuditEvent(tx, principal, 'teamMember.signedOutEverywhere', userId, { name, sessions: signedOut });
        return { signedOut };
      });
    },
  };
}
export type SignedInDevices = ReturnType<typeof createSignedInDevices>;
