const listeners = new Set<() => void>();

/**
 * Whoever keeps data of the signed-in user (the query cache) forgets it when the session changes.
 * A hub rather than a direct call so the session, which every page loads, does not load the query
 * library with it: the sign-in page has none.
 */
export function onSessionReset(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function resetSessionData(): void {
  for (const listener of listeners) listener();
}
