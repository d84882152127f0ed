import { createHash, randomBytes } from 'node:crypto';
import { SIGNATURE_REQUEST_MESSAGES, SIGNING_TOKEN_PATTERN } from '@matterhorn/shared';
import { switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import { findSignerByTokenHash } from './signing.repository.ts';

/** The key purpose signing tokens are sealed under (never another secret's key). */
const TOKEN_PURPOSE = 'signing-link';

export const hashOfSigningToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A signer's link token: 32 random bytes (256 bits) as 43 base64url characters, kept as its hash and a sealed copy. */
export function newSigningToken(appSecret: string) {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOfSigningToken(token), tokenSealed: encryptSecret(token, appSecret, TOKEN_PURPOSE) };
}

export const openSigningToken = (sealed: string, appSecret: string) => decryptSecret(sealed, appSecret, TOKEN_PURPOSE);

export type OpenedSigningLink = { firmId: string; signerId: string; requestId: string };

const linkNotFound = () => new AppError(404, SIGNATURE_REQUEST_MESSAGES.linkNotFound, undefined, 'NOT_FOUND');

/**
 * Opens a signer's link: the firm, request and signer found by the token's hash (the identity-lookup
 * role, before the firm is known), then fn runs in that firm's scope in the same transaction. A
 * malformed or unknown token is 404, saying nothing of any firm.
 */
export function withSigningLink<T>(database: Database, token: string, fn: (tx: Tx, link: OpenedSigningLink) => Promise<T>): Promise<T> {
  if (!SIGNING_TOKEN_PATTERN.test(token)) return Promise.reject(linkNotFound());
  return database.withIdentityLookup(async (tx) => {
    const link = await findSignerByTokenHash(tx, hashOfSigningToken(token));
    if (!link) throw linkNotFound();
    await switchToFirm(tx, link.firmId);
    return fn(tx, link);
  });
}
