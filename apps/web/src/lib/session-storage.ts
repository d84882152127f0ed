/** Local-storage keys of SPEC.md §4, spelled exactly as the spec spells them. */
export const STORAGE_KEYS = {
  token: 'token',
  clientToken: 'clientToken',
  clientId: 'clientId',
  company: 'company',
} as const;

export type StoredSession = {
  token: string | null;
  clientToken: string | null;
  clientId: string | null;
  company: string | null;
};

export function readStoredSession(): StoredSession {
  return {
    token: localStorage.getItem(STORAGE_KEYS.token),
    clientToken: localStorage.getItem(STORAGE_KEYS.clientToken),
    clientId: localStorage.getItem(STORAGE_KEYS.clientId),
    company: localStorage.getItem(STORAGE_KEYS.company),
  };
}

/** Firm sign-in keeps the token and drops any portal session (SPEC.md §4). */
export function storeFirmToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.removeItem(STORAGE_KEYS.clientToken);
  localStorage.removeItem(STORAGE_KEYS.company);
}

/** Client sign-in keeps the client token, id and company and blanks the firm token (SPEC.md §4). */
export function storeClientSession(clientToken: string, clientId: string, company: string): void {
  localStorage.setItem(STORAGE_KEYS.clientToken, clientToken);
  localStorage.setItem(STORAGE_KEYS.clientId, clientId);
  localStorage.setItem(STORAGE_KEYS.token, '');
  localStorage.setItem(STORAGE_KEYS.company, company);
}

export function clearStoredSession(): void {
  localStorage.clear();
}

export function firmToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token) || null;
}

export function clientToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.clientToken) || null;
}
