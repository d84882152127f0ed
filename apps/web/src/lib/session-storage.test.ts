import { describe, expect, it } from 'vitest';
import { clearStoredSession, readStoredSession, storeClientSession, storeFirmToken } from './session-storage.ts';

describe('session storage', () => {
  it('firm sign-in keeps the token and drops the portal session', () => {
    storeClientSession('client-token', 'c1', 'demo');
    storeFirmToken('firm-token');
    expect(readStoredSession()).toEqual({ token: 'firm-token', clientToken: null, clientId: 'c1', company: null });
  });

  it('client sign-in keeps clientToken, clientId and company and blanks the firm token', () => {
    storeFirmToken('firm-token');
    storeClientSession('client-token', 'c1', 'demo');
    expect(localStorage.getItem('token')).toBe('');
    expect(readStoredSession()).toEqual({ token: '', clientToken: 'client-token', clientId: 'c1', company: 'demo' });
  });

  it('clears everything', () => {
    storeClientSession('client-token', 'c1', 'demo');
    clearStoredSession();
    expect(localStorage.length).toBe(0);
  });
});
