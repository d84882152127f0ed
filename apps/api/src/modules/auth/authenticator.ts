import type { Database } from '../../db/database.ts';
import { unauthorized } from '../../lib/errors.ts';
import { readToken } from '../../lib/secrets.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { findFirmSession, findPortalSession } from './auth.repository.ts';

export type Authenticator = ReturnType<typeof createAuthenticator>;

/** A kept check is trusted this long at most, notices or not. */
const KEPT_CHECK_LIFETIME_MS = 60 * 1000;
const KEPT_CHECKS = 10_000;

type KeptCheck = { principal: FirmPrincipal; keptAt: number; expiresAt: number };

/**
 * A firm session's check, kept in memory: every signed-in request began with a database call to
 * check its session (a tenth of a searched list's cost). A kept check stands until anything that
 * could change it is committed: this process forgets the checks after each of its own transactions
 * that changed a session, user, role or firm (migration 0020 marks them), before that write's caller
 * goes on, and every process forgets a firm's checks on the database's notice of such a change
 * (migration 0019). While those notices are not being heard (the listening connection lost),
 * nothing is kept. A check read while its firm changed is not kept: it may predate the change.
 */
function firmSessionChecks(database: Database) {
  const checks = new Map<string, KeptCheck>();
  const generations = new Map<string, number>();
  let allGeneration = 0;
  const generationOf = (firmId: string) => `${allGeneration}:${generations.get(firmId) ?? 0}`;
  database.sessionChanges.subscribe((firmId) => {
    if (firmId === null) {
      allGeneration += 1;
      generations.clear();
      checks.clear();
      return;
    }
    generations.set(firmId, (generations.get(firmId) ?? 0) + 1);
    for (const [sessionId, check] of checks) if (check.principal.firmId === firmId) checks.delete(sessionId);
  });
  return {
    kept(sessionId: string, firmId: string): FirmPrincipal | null {
      const check = checks.get(sessionId);
      if (!check || check.principal.firmId !== firmId) return null;
      const now = Date.now();
      if (!database.sessionChanges.isHeard() || now - check.keptAt > KEPT_CHECK_LIFETIME_MS || now >= check.expiresAt) {
        checks.delete(sessionId);
        return null;
      }
      return check.principal;
    },
    /** Reads the check through `read`, and keeps it if its firm did not change meanwhile. */
    async read(firmId: string, expiresAt: number, read: () => Promise<FirmPrincipal | null>): Promise<FirmPrincipal | null> {
      const generation = generationOf(firmId);
      const keptAt = Date.now();
      const principal = await read();
      if (principal && database.sessionChanges.isHeard() && generationOf(firmId) === generation) {
        // Maps keep insertion order: the first key is the check kept longest ago.
        if (checks.size >= KEPT_CHECKS) checks.delete(checks.keys().next().value!);
        checks.set(principal.sessionId, { principal, keptAt, expiresAt });
      }
      return principal;
    },
  };
}

/**
 * Turns a bearer token into who is calling. The session's check (its row, its user, role and firm)
 * is read from the database, or kept from an earlier request while nothing could have changed it.
 */
export function createAuthenticator(database: Database, appSecret: string) {
  const firmChecks = firmSessionChecks(database);
  return {
    async firmPrincipal(token: string): Promise<FirmPrincipal> {
      const claims = readToken(token, appSecret);
      if (!claims || claims.kind !== 'firm') throw unauthorized();
      const principal =
        firmChecks.kept(claims.sessionId, claims.firmId) ??
        (await firmChecks.read(claims.firmId, claims.expiresAt, async () => {
          const session = await findFirmSession(database.db, claims.firmId, claims.sessionId);
          if (!session) return null;
          // Shared by every request of the session while kept: nothing may change it.
          return Object.freeze({
            kind: 'firm' as const,
            sessionId: session.sessionId,
            firmId: session.firmId,
            userId: session.userId,
            adminUserId: session.adminUserId,
            permissions: Object.freeze([...session.permissions]) as string[],
            isVerified: session.emailVerifiedAt !== null,
          });
        }));
      if (!principal) throw unauthorized();
      return principal;
    },
    async portalPrincipal(token: string): Promise<PortalPrincipal> {
      const claims = readToken(token, appSecret);
      if (!claims || claims.kind !== 'portal') throw unauthorized();
      const session = await findPortalSession(database.db, claims.firmId, claims.sessionId);
      if (!session?.company) throw unauthorized();
      return { kind: 'portal', ...session, company: session.company };
    },
  };
}
