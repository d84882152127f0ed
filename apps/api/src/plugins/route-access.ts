import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasPermissions, SPEC_MESSAGES } from '@matterhorn/shared';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { Authenticator } from '../modules/auth/authenticator.ts';

/**
 * Every /api route declares who may call it. Declaring nothing is a programming error: the app
 * refuses to start, so a new route cannot ship open by accident.
 */
export type RouteAccess =
  { kind: 'public' } | { kind: 'firm'; permissions: readonly string[]; allowUnverified?: boolean } | { kind: 'portal' };

export const publicAccess = (): RouteAccess => ({ kind: 'public' });
export const firmAccess = (...permissions: string[]): RouteAccess => ({ kind: 'firm', permissions });
export const unverifiedFirmAccess = (): RouteAccess => ({ kind: 'firm', permissions: [], allowUnverified: true });
export const portalAccess = (): RouteAccess => ({ kind: 'portal' });

export type FirmPrincipal = {
  kind: 'firm';
  sessionId: string;
  firmId: string;
  userId: string;
  /** The firm owner's user id: SPEC.md's AdminUserId. */
  adminUserId: string;
  permissions: string[];
  isVerified: boolean;
};

/**
 * A principal with no permissions, for reads on behalf of someone outside the firm (a public link,
 * the client portal): the module's reads run as usual in the firm, and nothing is writable.
 */
export const outsideReaderOf = (firmId: string): FirmPrincipal => ({
  kind: 'firm',
  sessionId: '',
  firmId,
  userId: '',
  adminUserId: '',
  permissions: [],
  isVerified: true,
});

export type PortalPrincipal = {
  kind: 'portal';
  sessionId: string;
  firmId: string;
  clientId: string;
  portalAccountId: string;
  company: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The answer carries a secret shown once (a public link): it is never stored to replay an
     * Idempotency-Key, so such a call is not made idempotent (sending again issues a new link).
     */
    answersSecret?: boolean;
  }
  interface FastifyRequest {
    principal: FirmPrincipal | PortalPrincipal | null;
  }
}

export type RegisteredRoute = { method: string; url: string; access: RouteAccess; hasQuery: boolean; hasBody: boolean };

const SCOPE_MISMATCH = 'AdminUserId or BusinessId does not match the signed-in user';

export function registerRouteAccess(app: FastifyInstance, authenticator: Authenticator, catalog: RegisteredRoute[]): void {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (public, firm or portal)`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      catalog.push({ method, url: route.url, access, hasQuery: Boolean(route.schema?.querystring), hasBody: Boolean(route.schema?.body) });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    const token = bearerTokenOf(request);
    if (!token) throw unauthorized();
    if (access.kind === 'portal') {
      request.principal = await authenticator.portalPrincipal(token);
      return;
    }
    const principal = await authenticator.firmPrincipal(token);
    if (!principal.isVerified && !access.allowUnverified) throw forbidden('Please verify your email address to continue');
    if (!hasPermissions(principal.permissions, access.permissions)) throw forbidden(SPEC_MESSAGES.noPermission);
    request.principal = principal;
  });

  // SPEC.md's calls carry AdminUserId/BusinessId; they must name the signed-in user's firm.
  app.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
    const principal = request.principal;
    if (principal?.kind !== 'firm') return;
    for (const source of [request.query, request.body]) {
      if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
      for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
        if (value === undefined || value === null || value === '') continue;
        const name = key.toLowerCase();
        if (name === 'adminuserid' && String(value) !== principal.adminUserId) throw forbidden(SCOPE_MISMATCH);
        if (name === 'businessid' && String(value) !== principal.firmId) throw forbidden(SCOPE_MISMATCH);
      }
    }
  });
}

/** Exactly `Bearer <token>` (the scheme in any case, RFC 9110); anything around the token is refused. */
const BEARER_HEADER = /^Bearer ([^\s]+)$/i;

export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER_HEADER.exec(header)?.[1] ?? null;
}

export function firmPrincipalOf(request: FastifyRequest): FirmPrincipal {
  if (request.principal?.kind !== 'firm') throw unauthorized();
  return request.principal;
}

export function portalPrincipalOf(request: FastifyRequest): PortalPrincipal {
  if (request.principal?.kind !== 'portal') throw unauthorized();
  return request.principal;
}
