import type { Tx } from '../../db/database.ts';
import { signToken } from '../../lib/secrets.ts';
import { insertSession } from './auth.repository.ts';

export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** Opens a session row and returns its signed bearer token. */
export async function openSession(
  tx: Tx,
  appSecret: string,
  owner: { firmId: string; kind: 'firm'; userId: string } | { firmId: string; kind: 'portal'; portalAccountId: string },
): Promise<string> {
  const expiresAt = Date.now() + SESSION_LIFETIME_MS;
  const sessionId = await insertSession(tx, { ...owner, expiresAt: new Date(expiresAt) });
  return signToken({ sessionId, firmId: owner.firmId, kind: owner.kind, expiresAt }, appSecret);
}
