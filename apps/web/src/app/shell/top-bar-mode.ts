/**
 * SPEC.md §2 App shell: the top bar is hidden on settings, auth, portal, accounting, join-team and
 * view pages, and not rendered at all on the invoice view and the two trust-account view routes.
 */
export type TopBarMode = 'shown' | 'hidden' | 'absent';

const ABSENT_PATTERNS: readonly RegExp[] = [
  // /billing/invoice/[slug]; the static /billing/invoice/invoice-empty page is a different route.
  /^\/billing\/invoice\/(?!invoice-empty\/?$)[^/]+\/?$/,
  /^\/trust-account\/record\/[^/]+\/?$/,
  /^\/trust-account\/[^/]+\/?$/,
];

const HIDDEN_PREFIXES: readonly string[] = [
  '/settings',
  '/login',
  '/signup',
  '/forgot-password',
  '/verification',
  '/trust-browser',
  '/setup-firm',
  '/portal',
  '/accounting',
  '/join-team',
  '/view',
  '/billing/trust-accounting',
];

function hasPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function topBarModeFor(pathname: string): TopBarMode {
  if (ABSENT_PATTERNS.some((pattern) => pattern.test(pathname))) return 'absent';
  if (HIDDEN_PREFIXES.some((prefix) => hasPrefix(pathname, prefix))) return 'hidden';
  return 'shown';
}
