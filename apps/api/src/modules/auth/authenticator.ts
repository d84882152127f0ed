import type { Database } from '../../db/database.ts';
import { unauthorized } from '../../lib/errors.ts';
import { readToken } from '../../lib/secrets.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { findFirmSession, findPortalSession } from './auth.repository.ts';

export type Authenticator = ReturnType<typeof createAuthenticator>;

/**
 * Turns a bearer token into who is calling. Every request reads its session (its row, user, role and
 * firm) from the database in one call, so a sign-out, a deactivated member or a changed role takes
 * effect on the very next request, on every replica.
 */
export function createAuthenticator(database: Database, appSecret: string) {
  return {
    async firmPrincipal(token: string): Promise<FirmPrincipal> {
      const claims = readToken(token, appSecret);
      if (!claims || claims.kind !== 'firm') throw unauthorized();
      const session = await findFirmSession(database.db, claims.firmId, claims.sessionId);
      if (!session) throw unauthorized();
      return {
        kind: 'firm',
        sessionId: session.sessionId,
        firmId: session.firmId,
        userId: session.userId,
        adminUserId: session.adminUserId,
        permissions: session.permissions,
        isVerified: session.emailVerifiedAt !== null,
      };
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
