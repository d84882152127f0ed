/** SPEC.md §2: unauthenticated visitors go to /login with redirectUrl and redirectParams. */
export function loginRedirectFor(pathname: string, search: string): string {
  const params = new URLSearchParams();
  params.set('redirectUrl', pathname);
  params.set('redirectParams', search.replace(/^\?/, ''));
  return `/login?${params.toString()}`;
}

export const DEFAULT_FIRM_PAGE = '/dashboard';

/** Where a firm login lands: the remembered page (same-origin paths only) or the dashboard. */
export function postLoginTarget(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const url = params.get('redirectUrl');
  if (!url || !url.startsWith('/') || url.startsWith('//') || url === '/login') return DEFAULT_FIRM_PAGE;
  const query = params.get('redirectParams');
  return query ? `${url}?${query}` : url;
}

export function portalLoginPath(company: string): string {
  return `/portal/${encodeURIComponent(company)}/login`;
}

export function portalOverviewPath(company: string, clientId: string): string {
  return `/portal/${encodeURIComponent(company)}/${encodeURIComponent(clientId)}?activeTab=overview`;
}
