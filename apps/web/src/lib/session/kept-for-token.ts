/**
 * A copy of what the server last answered, kept on the device for the installed app to reopen
 * with no signal (issue 64, ADR 96). It sits beside the token in localStorage, so signing out
 * (which clears that storage) or a 401 (the same) forgets it; it is kept with the token it was
 * answered to and read only for that token, so it never stands in for another member's session.
 */
export function keepForToken<T>(key: string, token: string, value: T): void {
  try {
    localStorage.setItem(key, JSON.stringify({ token, value }));
  } catch {
    // A full or refused storage only costs the offline start.
  }
}

export function keptForToken<T>(key: string, token: string): T | null {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as { token: string; value: T } | null;
    return kept && kept.token === token ? kept.value : null;
  } catch {
    return null;
  }
}
