import { describe, expect, it } from 'vitest';
import { loginRedirectFor, portalOverviewPath, postLoginTarget } from './redirects.ts';

describe('login redirects', () => {
  it('remembers the page and its query, URL-encoded', () => {
    const target = loginRedirectFor('/progress-update', '?activeTab=court-update&search=a b');
    const params = new URLSearchParams(target.split('?')[1]);
    expect(target.startsWith('/login?')).toBe(true);
    expect(params.get('redirectUrl')).toBe('/progress-update');
    expect(params.get('redirectParams')).toBe('activeTab=court-update&search=a b');
    expect(target).toContain('redirectParams=activeTab%3Dcourt-update%26search%3Da');
  });

  it('returns there after login', () => {
    expect(postLoginTarget('?redirectUrl=%2Fprogress-update&redirectParams=activeTab%3Dcourt-update')).toBe(
      '/progress-update?activeTab=court-update',
    );
    expect(postLoginTarget('?redirectUrl=%2Ftime-entries&redirectParams=')).toBe('/time-entries');
  });

  it('defaults to the dashboard and refuses other origins', () => {
    expect(postLoginTarget('')).toBe('/dashboard');
    expect(postLoginTarget('?redirectUrl=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(postLoginTarget('?redirectUrl=%2F%2Fevil.example')).toBe('/dashboard');
  });

  it('follows only a plain path of the app: a backslash, tab or line feed after the slash goes to the dashboard', () => {
    for (const crafted of ['/\\evil.test/x', '/\t/evil.test/x', '/\n/evil.test/x', '/\r\n/evil.test', '/\t\\evil.test']) {
      expect(postLoginTarget(new URLSearchParams({ redirectUrl: crafted }))).toBe('/dashboard');
    }
    expect(postLoginTarget(new URLSearchParams({ redirectUrl: '/time-entries', redirectParams: 'x=\\\n' }))).toBe('/dashboard');
    expect(postLoginTarget(new URLSearchParams({ redirectUrl: '/matter/abc', redirectParams: 'activeTab=time' }))).toBe(
      '/matter/abc?activeTab=time',
    );
  });

  it('builds the portal overview path', () => {
    expect(portalOverviewPath('demo', 'c1')).toBe('/portal/demo/c1?activeTab=overview');
  });
});
