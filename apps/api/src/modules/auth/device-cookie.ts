import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser that has signed in to
 * an account before carries a signed cookie naming it, and keeps signing in to that account while
 * guesses from elsewhere are throttled. The cookie holds a random device id (its own failures are
 * counted apart) and short digests of the accounts it signed in to; it proves nothing by itself,
 * the password is still checked.
 */
export const DEVICE_COOKIE = 'matterhorn_device';
const LIFETIME_SECONDS = 180 * 24 * 60 * 60;
/** A shared office computer signs in to a few accounts; older ones drop off. */
const MAXIMUM_ACCOUNTS = 10;
/** 128 bits of the account key's SHA-256: enough to tell accounts apart, short enough to keep ten. */
const ACCOUNT_DIGEST_LENGTH = 32;
const COOKIE_VALUE = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

export type Device = { id: string; accounts: string[]; expiresAt: number };

const signatureOf = (payload: string, appSecret: string) => createHmac('sha256', appSecret).update(`device\n${payload}`).digest();
const digestOf = (accountKey: string) => accountKey.slice(0, ACCOUNT_DIGEST_LENGTH);

export function readDevice(cookieHeader: string | undefined, appSecret: string, now = Date.now()): Device | null {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  const match = value ? COOKIE_VALUE.exec(value) : null;
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(payload, appSecret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [id, accounts, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (typeof id !== 'string' || !Array.isArray(accounts) || typeof expiresAt !== 'number' || expiresAt <= now) return null;
    return { id, accounts: accounts.filter((account): account is string => typeof account === 'string'), expiresAt };
  } catch {
    return null;
  }
}

/** The device id whose failures count for this account, when the browser signed in to it before. */
export const trustedDeviceOf = (device: Device | null, accountKey: string): string | null =>
  device?.accounts.includes(digestOf(accountKey)) ? device.id : null;

/** The same browser (a new one if it had no cookie) now trusted for this account too, for another 180 days. */
export function trustAccount(device: Device | null, accountKey: string, now = Date.now()): Device {
  const others = (device?.accounts ?? []).filter((account) => account !== digestOf(accountKey));
  return {
    id: device?.id ?? randomBytes(16).toString('base64url'),
    accounts: [...others, digestOf(accountKey)].slice(-MAXIMUM_ACCOUNTS),
    expiresAt: now + LIFETIME_SECONDS * 1000,
  };
}

/** The Set-Cookie header: script cannot read it, it is never sent from another site's page, and only over HTTPS when the app is served so. */
export function deviceCookieOf(device: Device, appSecret: string, isSecure: boolean): string {
  const payload = Buffer.from(JSON.stringify([device.id, device.accounts, device.expiresAt])).toString('base64url');
  const value = `${payload}.${signatureOf(payload, appSecret).toString('base64url')}`;
  return `${DEVICE_COOKIE}=${value}; Path=/api; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Strict${isSecure ? '; Secure' : ''}`;
}

/**
 * The emailed link that trusts whichever browser opens it: signed, not stored, valid for a day.
 * `signInPath` is where that browser goes next (the firm's or a portal's sign-in page).
 */
export function createTrustLink(accountKey: string, signInPath: string, appSecret: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify([digestOf(accountKey), signInPath, now + TRUST_LINK_HOURS * 60 * 60 * 1000])).toString(
    'base64url',
  );
  return `${payload}.${createHmac('sha256', appSecret).update(`trust-link\n${payload}`).digest('base64url')}`;
}
export const TRUST_LINK_HOURS = 24;

export function readTrustLink(token: string, appSecret: string, now = Date.now()): { accountDigest: string; signInPath: string } | null {
  const match = COOKIE_VALUE.exec(token);
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = createHmac('sha256', appSecret).update(`trust-link\n${payload}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [accountDigest, signInPath, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (typeof accountDigest !== 'string' || typeof signInPath !== 'string' || typeof expiresAt !== 'number') return null;
    // Only this app's own pages: the link can never send the browser elsewhere.
    if (expiresAt <= now || !signInPath.startsWith('/') || signInPath.startsWith('//')) return null;
    return { accountDigest, signInPath };
  } catch {
    return null;
  }
}

/** The browser trusted for the account the link names (the digest is what the cookie keeps). */
export function trustAccountDigest(device: Device | null, accountDigest: string, now = Date.now()): Device {
  return trustAccount(device, accountDigest, now);
}

/** Reads and writes the cookie on requests and replies; Secure when the app is served over HTTPS. */
export function createDeviceCookies(appSecret: string, appUrl: string) {
  return {
    read: (request: { headers: { cookie?: string } }) => readDevice(request.headers.cookie, appSecret),
    write: (reply: { header(name: string, value: string): unknown }, device: Device, request: { protocol: string }) =>
      reply.header('set-cookie', deviceCookieOf(device, appSecret, appUrl.startsWith('https:') || request.protocol === 'https')),
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
