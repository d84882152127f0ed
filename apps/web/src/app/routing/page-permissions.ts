import { hasPermissions } from '@matterhorn/shared';
import { matchRoutes, type RouteObject } from 'react-router';

/**
 * What a firm page declares on its route's `handle` (SPEC.md §6): the permissions it needs, read by
 * the shell's guard, the side menu and Create New, so the three never disagree. A few pages need
 * different permissions by query (the progress-update tabs).
 */
export type PageHandle = {
  permissions: readonly string[] | ((params: URLSearchParams) => readonly string[]);
};

/** A page open to every signed-in firm user when called with nothing. */
export function needs(...permissions: string[]): PageHandle {
  return { permissions };
}

export function needsByQuery(permissionsFor: (params: URLSearchParams) => readonly string[]): PageHandle {
  return { permissions: permissionsFor };
}

export function isPageHandle(handle: unknown): handle is PageHandle {
  if (typeof handle !== 'object' || handle === null || !('permissions' in handle)) return false;
  const { permissions } = handle as { permissions: unknown };
  return typeof permissions === 'function' || (Array.isArray(permissions) && permissions.every((name) => typeof name === 'string'));
}

/** The permissions a handle declares for this query; null when the route declares none (never allowed). */
export function permissionsOfHandle(handle: unknown, search = ''): readonly string[] | null {
  if (!isPageHandle(handle)) return null;
  const { permissions } = handle;
  return typeof permissions === 'function' ? permissions(new URLSearchParams(search)) : permissions;
}

/** Paths looked up per route table; cleared when a long session has visited this many addresses. */
const MAX_REMEMBERED_PATHS = 500;
const pagesByPath = new WeakMap<RouteObject[], Map<string, RouteObject | null>>();

/**
 * The route a path opens, matched once per path: matching ranks and compiles all ~150 firm routes,
 * and the shell asks it for each menu link and Create New entry on every render (a tenth of a
 * second on a phone before the first page could draw). The route table does not change.
 */
function pageAt(pages: RouteObject[], pathname: string): RouteObject | null {
  let known = pagesByPath.get(pages);
  if (!known || known.size >= MAX_REMEMBERED_PATHS) pagesByPath.set(pages, (known = new Map()));
  if (!known.has(pathname)) known.set(pathname, matchRoutes(pages, pathname)?.at(-1)?.route ?? null);
  return known.get(pathname) ?? null;
}

/** The permissions the firm page at `pathname` declares; null when no page matches or it declares none. */
export function requiredPermissionsFor(pages: RouteObject[], pathname: string, search = ''): readonly string[] | null {
  const page = pageAt(pages, pathname);
  return page ? permissionsOfHandle(page.handle, search) : null;
}

/** Whether a link (path and optional query) leads to a page the user may open. */
export function canOpen(pages: RouteObject[], held: readonly string[], to: string): boolean {
  const url = new URL(to, 'http://firm.invalid');
  const required = requiredPermissionsFor(pages, url.pathname, url.search);
  return required !== null && hasPermissions(held, required);
}
