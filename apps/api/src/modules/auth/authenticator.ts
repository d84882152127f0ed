import type { Database } from '../../db/database.ts';
import type { RequestFlight } from '../../db/request-flight.ts';
import type { RequestTransaction } from '../../db/request-transaction.ts';
import { unauthorized } from '../../lib/errors.ts';
import { readToken, type TokenClaims } from '../../lib/secrets.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import {
  findFirmSession,
  findPortalSession,
  firmSessionCheck,
  firmSessionOf,
  portalSessionCheck,
  portalSessionOf,
  type FirmSessionRow,
  type PortalSessionRow,
} from './auth.repository.ts';

export type Authenticator = ReturnType<typeof createAuthenticator>;
type Kind = 'firm' | 'portal';
type PrincipalOf<K extends Kind> = K extends 'firm' ? FirmPrincipal : PortalPrincipal;

/** What a request's transaction opened with: who is calling, and the answers of the statements sent behind the check. */
export type OpenedRequest<K extends Kind> = {
  /** Null when the session is gone (signed out, expired, deactivated): the request is refused. */
  principal: PrincipalOf<K> | null;
  transaction: RequestTransaction;
  behind: Record<string, unknown>[][];
};

type FirmSession = NonNullable<ReturnType<typeof firmSessionOf>>;
const firmPrincipalOf = (session: FirmSession): FirmPrincipal => ({
  kind: 'firm',
  sessionId: session.sessionId,
  firmId: session.firmId,
  userId: session.userId,
  adminUserId: session.adminUserId,
  permissions: session.permissions,
  isVerified: session.emailVerifiedAt !== null,
  lastActiveAt: session.lastActiveAt,
});

const portalPrincipalOf = (session: ReturnType<typeof portalSessionOf>): PortalPrincipal | null =>
  session?.company ? { kind: 'portal', ...session, company: session.company } : null;

/**
 * Turns a bearer token into who is calling. Every request reads its session (its row, user, role and
 * firm) from the database, so a sign-out, a deactivated member or a changed role takes effect on the
 * very next request, on every replica. The token's signature is checked first, without the database.
 */
export function createAuthenticator(database: Database, appSecret: string) {
  const claimsOf = (token: string, kind: Kind): TokenClaims => {
    const claims = readToken(token, appSecret);
    if (!claims || claims.kind !== kind) throw unauthorized();
    return claims;
  };
  return {
    /** Refuses a token that is not ours, expired or of the other kind — before any database work. */
    claimsOf,

    async firmPrincipal(token: string): Promise<FirmPrincipal> {
      const claims = claimsOf(token, 'firm');
      const session = await findFirmSession(database.db, claims.firmId, claims.sessionId);
      if (!session) throw unauthorized();
      return firmPrincipalOf(session);
    },
    async portalPrincipal(token: string): Promise<PortalPrincipal> {
      const claims = claimsOf(token, 'portal');
      const principal = portalPrincipalOf(await findPortalSession(database.db, claims.firmId, claims.sessionId));
      if (!principal) throw unauthorized();
      return principal;
    },

    /**
     * Opens the request's transaction with its session check in one flight (ADR 38); `behind` are
     * statements for the token's firm sent in the same flight, answered only once the check set the scope.
     * The caller ends the transaction, refused or not.
     */
    async openRequest<K extends Kind>(
      token: string,
      kind: K,
      behind: (firmId: string) => NonNullable<RequestFlight['behind']>,
    ): Promise<OpenedRequest<K>> {
      const claims = claimsOf(token, kind);
      const check =
        kind === 'firm' ? firmSessionCheck(claims.firmId, claims.sessionId) : portalSessionCheck(claims.firmId, claims.sessionId);
      const { checked, transaction, behind: answers } = await database.openRequest({ check, behind: behind(claims.firmId) });
      const firmSession = kind === 'firm' ? firmSessionOf(checked as FirmSessionRow | undefined) : null;
      const principal =
        kind === 'firm'
          ? firmSession && firmPrincipalOf(firmSession)
          : portalPrincipalOf(portalSessionOf(checked as PortalSessionRow | undefined));
      return { principal: principal as PrincipalOf<K> | null, transaction, behind: answers };
    },
  };
}
