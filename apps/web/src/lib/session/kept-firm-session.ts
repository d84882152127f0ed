import type { Profile } from '@matterhorn/shared';

/**
 * The signed-in member's profile and permissions as last answered, kept on the device so the
 * installed app reopens with no signal as that member (issue 64, ADR 96) instead of "Unauthorized".
 * It sits beside the token in localStorage, so signing out (which clears that storage) or a 401
 * (the same) forgets it; it is kept with the token it was answered to and read only for that token,
 * so it never stands in for another member's session.
 */
const KEY = 'keptFirmSession';

type KeptFirmSession = { token: string; profile: Profile; permissions: readonly string[] };

export function keepFirmSession(token: string, profile: Profile, permissions: readonly string[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token, profile, permissions } satisfies KeptFirmSession));
  } catch {
    // A full or refused storage only costs the offline start.
  }
}

export function keptFirmSession(token: string): Omit<KeptFirmSession, 'token'> | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as KeptFirmSession | null;
    return kept && kept.token === token ? { profile: kept.profile, permissions: kept.permissions } : null;
  } catch {
    return null;
  }
}
