import { createHmac, timingSafeEqual } from 'node:crypto';
import { REMEMBERED_BROWSER_DAYS } from '@matterhorn/shared';

/**
 * "Remember this browser for 30 days" (issue 39): a signed cookie naming the members who passed the
 * second step on this browser and when their authenticator was set up. It skips the second step
 * only for that same authenticator: turning two-step off and on again, or an administrator's
 * reset, makes every remembered browser ask again. The password is always asked.
 */
export const REMEMBERED_BROWSER_COOKIE = 'matterhorn_two_step';
const LIFETIME_MS = REMEMBERED_BROWSER_DAYS * 24 * 60 * 60 * 1000;
/** A shared office computer remembers a few members; older ones drop off. */
const MAXIMUM_MEMBERS = 5;
const COOKIE_VALUE = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

/** userId, the authenticator's set-up moment (ms), and when this browser stops being remembered (ms). */
type Remembered = [string, number, number];

const signatureOf = (payload: string, appSecret: string) => createHmac('sha256', appSecret).update(`two-step\n${payload}`).digest();

function read(cookieHeader: string | undefined, appSecret: string, now: number): Remembered[] {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${REMEMBERED_BROWSER_COOKIE}=`))
    ?.slice(REMEMBERED_BROWSER_COOKIE.length + 1);
  const match = value ? COOKIE_VALUE.exec(value) : null;
  if (!match) return [];
  const [, payload, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(payload, appSecret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  try {
    const entries = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(entries)) return [];
    return entries.filter(
      (entry): entry is Remembered =>
        Array.isArray(entry) &&
        typeof entry[0] === 'string' &&
        typeof entry[1] === 'number' &&
        typeof entry[2] === 'number' &&
        entry[2] > now,
    );
  } catch {
    return [];
  }
}

export function createRememberedBrowsers(appSecret: string, appUrl: string) {
  return {
    /**
     * Whether this browser passed the second step for the member's current authenticator, within 30
     * days and after their last recovery step (ADR 95: a password change or reset, an email-change
     * undo, a sign-out everywhere forgets every remembered browser).
     */
    isRemembered(
      request: { headers: { cookie?: string } },
      member: { id: string; totpEnabledAt: Date | null; browsersForgottenAt?: Date | null },
      now = Date.now(),
    ) {
      const enabledAt = member.totpEnabledAt?.getTime();
      const forgottenAt = member.browsersForgottenAt?.getTime() ?? 0;
      return (
        enabledAt !== undefined &&
        read(request.headers.cookie, appSecret, now).some(
          ([userId, setUpAt, until]) => userId === member.id && setUpAt === enabledAt && until - LIFETIME_MS > forgottenAt,
        )
      );
    },
    /** The Set-Cookie header remembering the member on this browser too; only sent to the sign-in calls. */
    cookieFor(
      request: { headers: { cookie?: string }; protocol: string },
      member: { id: string; totpEnabledAt: Date },
      now = Date.now(),
    ): string {
      const others = read(request.headers.cookie, appSecret, now).filter(([userId]) => userId !== member.id);
      const remembered: Remembered = [member.id, member.totpEnabledAt.getTime(), now + LIFETIME_MS];
      const entries = [...others, remembered].slice(-MAXIMUM_MEMBERS);
      const payload = Buffer.from(JSON.stringify(entries)).toString('base64url');
      const isSecure = appUrl.startsWith('https:') || request.protocol === 'https';
      return (
        `${REMEMBERED_BROWSER_COOKIE}=${payload}.${signatureOf(payload, appSecret).toString('base64url')}; Path=/api/auth; ` +
        `Max-Age=${LIFETIME_MS / 1000}; HttpOnly; SameSite=Strict${isSecure ? '; Secure' : ''}`
      );
    },
  };
}
export type RememberedBrowsers = ReturnType<typeof createRememberedBrowsers>;
