import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP cheat sheet's first configuration: 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when no account matched, so timing does not reveal which emails exist. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** A random secret for an email link, and the SHA-256 we store instead of it. */
export function createLinkSecret(): { secret: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, secretHash: hashLinkSecret(secret) };
}

export const hashLinkSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export type TokenClaims = { sessionId: string; firmId: string; kind: 'firm' | 'portal'; expiresAt: number };

/** Bearer tokens: the session's claims, signed with HMAC-SHA256 under APP_SECRET. */
export function signToken(claims: TokenClaims, appSecret: string): string {
  const payload = Buffer.from(JSON.stringify([claims.sessionId, claims.firmId, claims.kind, claims.expiresAt])).toString('base64url');
  return `v1.${payload}.${createHmac('sha256', appSecret).update(payload).digest('base64url')}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * The one encoding signToken writes: unpadded base64url parts and a 32-byte signature. Node's
 * base64url decoder skips padding and stray characters, so anything else must be refused before it.
 */
const CANONICAL_TOKEN = /^v1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;
const isCanonicalBase64url = (text: string) => Buffer.from(text, 'base64url').toString('base64url') === text;

export function readToken(token: string, appSecret: string, now = Date.now()): TokenClaims | null {
  const match = CANONICAL_TOKEN.exec(token);
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  if (!isCanonicalBase64url(payload) || !isCanonicalBase64url(signature)) return null;
  const expected = createHmac('sha256', appSecret).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [sessionId, firmId, kind, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (!isUuid(sessionId) || !isUuid(firmId) || typeof expiresAt !== 'number') return null;
    if (kind !== 'firm' && kind !== 'portal') return null;
    if (expiresAt <= now) return null;
    return { sessionId, firmId, kind, expiresAt };
  } catch {
    return null;
  }
}

/**
 * A key of its own for each use of APP_SECRET, so one leaked use reveals nothing of another. Derived
 * once per secret and use: a job sealing 50,000 reminders spent a fifth of its time deriving the same key.
 */
const derivedKeys = new Map<string, Buffer>();
function keyFor(appSecret: string, purpose: string): Buffer {
  const name = `${purpose}\u0000${appSecret}`;
  let key = derivedKeys.get(name);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'matterhorn', purpose, 32));
    derivedKeys.set(name, key);
  }
  return key;
}

/** AES-256-GCM under a key derived from APP_SECRET: for secrets the server must read back (TOTP). */
export function encryptSecret(plain: string, appSecret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
}

export function decryptSecret(stored: string, appSecret: string, purpose: string): string | null {
  const [version, iv, sealed, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
