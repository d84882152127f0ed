/** SPEC.md §2: unauthenticated visitors go to /login with redirectUrl and redirectParams. */
export function loginRedirectFor(pathname: string, search: string): string {
  const params = new URLSearchParams();
  params.set('redirectUrl', pathname);
  params.set('redirectParams', search.replace(/^\?/, ''));
  return `/login?${params.toString()}`;
}

export const DEFAULT_FIRM_PAGE = '/dashboard';

/**
 * Where a firm login lands: the remembered page, or the dashboard. Only a plain path of this app is
 * followed: browsers read a backslash as a slash and drop tabs and line feeds, so "/\evil.test" or
 * "/<tab>/evil.test" would leave the app (and the router refuses it after sign-in).
 */
export function postLoginTarget(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const url = params.get('redirectUrl');
  if (!url || !isPlainAppPath(url) || url === '/login') return DEFAULT_FIRM_PAGE;
  const query = params.get('redirectParams');
  const target = query ? `${url}?${query}` : url;
  return isPlainAppPath(target) ? target : DEFAULT_FIRM_PAGE;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const NOT_IN_A_PLAIN_PATH = /[\\\u0000-\u001f\u007f]/;

function isPlainAppPath(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//') || NOT_IN_A_PLAIN_PATH.test(target)) return false;
  const base = 'https://matterhorn.invalid';
  return new URL(target, base).origin === base;
}

export function portalLoginPath(company: string): string {
  return `/portal/${encodeURIComponent(company)}/login`;
}

export function portalOverviewPath(company: string, clientId: string): string {
  return `/portal/${encodeURIComponent(company)}/${encodeURIComponent(clientId)}?activeTab=overview`;
}
