import type { Tx } from '../../db/database.ts';
import { signToken } from '../../lib/secrets.ts';
import { insertSession } from './auth.repository.ts';

/** A client's portal session lasts this long; a member's, their firm's maximum session age. */
export const PORTAL_SESSION_HOURS = 12;

/** Opens a session row and returns its signed bearer token. */
export async function openSession(
  tx: Tx,
  appSecret: string,
  owner: { firmId: string; kind: 'firm'; userId: string } | { firmId: string; kind: 'portal'; portalAccountId: string },
): Promise<string> {
  const session = await insertSession(tx, owner, PORTAL_SESSION_HOURS);
  return signToken({ sessionId: session.id, firmId: owner.firmId, kind: owner.kind, expiresAt: session.expiresAt.getTime() }, appSecret);
}
