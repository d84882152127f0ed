import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasPermissions, SPEC_MESSAGES } from '@matterhorn/shared';
import { finishRequestTransaction, runInRequestTransaction, type RequestTransaction } from '../db/request-transaction.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

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
  /** When the session's last request was stored (its idle clock), for a signed-in request; absent otherwise. */
  lastActiveAt?: number;
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
    /** The request's one transaction (ADR 38), open from its flight to its answer; null where a route opens its own. */
    requestTransaction: RequestTransaction | null;
    /** Statements for the caller's firm sent in the flight behind the session check (the idempotency claim). */
    flightRiders: FlightRider[];
  }
}

/**
 * Who is calling, from a bearer token. The auth module answers it (app.ts hands it over), so this
 * plugin, below every module, names only what it needs and imports none of them.
 */
export type Authenticator = {
  /** Refuses a token that is not ours, expired or of the other kind, before any database work. */
  claimsOf(token: string, kind: 'firm' | 'portal'): unknown;
  firmPrincipal(token: string): Promise<FirmPrincipal>;
  portalPrincipal(token: string): Promise<PortalPrincipal>;
  /** Opens the request's transaction with its session check, and the riders' statements behind it, in one flight. */
  openRequest(
    token: string,
    kind: 'firm' | 'portal',
    behind: (firmId: string) => SQL[],
  ): Promise<{ principal: FirmPrincipal | PortalPrincipal | null; transaction: RequestTransaction; behind: Record<string, unknown>[][] }>;
};

/** Statements that ride in the request's flight; `answer` holds the last one's rows once the flight is back. */
export type FlightRider = { statementsFor(firmId: string): SQL[]; answer?: Record<string, unknown>[] };

type RouteShape = { config?: { access?: RouteAccess; upload?: unknown } | null; schema?: { response?: unknown } | null };

/**
 * Whether a signed-in route runs in the request's one transaction. A route that answers JSON (it
 * declares a response schema) does; one that takes an upload or sends a file, a CSV, a zip or a
 * stream opens short transactions of its own, so no transaction ever waits on a network peer.
 */
export const runsInRequestTransaction = ({ config, schema }: RouteShape): boolean =>
  Boolean(config?.access && config.access.kind !== 'public' && !config.upload && schema?.response);

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

  app.decorateRequest('requestTransaction', null);
  app.decorateRequest('flightRiders', null as unknown as FlightRider[]);

  const admit = (principal: FirmPrincipal | PortalPrincipal, access: RouteAccess) => {
    if (principal.kind !== 'firm' || access.kind !== 'firm') return;
    if (!principal.isVerified && !access.allowUnverified)
      throw forbidden('Please verify your email address to continue', 'EMAIL_NOT_VERIFIED');
    if (!hasPermissions(principal.permissions, access.permissions)) throw forbidden(SPEC_MESSAGES.noPermission);
  };

  // Before the body is read: no token, a forged or an expired one is refused without the database.
  app.addHook('onRequest', async (request) => {
    request.flightRiders = [];
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    const token = bearerTokenOf(request);
    if (!token) throw unauthorized();
    if (runsInRequestTransaction(request.routeOptions)) {
      authenticator.claimsOf(token, access.kind);
      return;
    }
    const principal = access.kind === 'portal' ? await authenticator.portalPrincipal(token) : await authenticator.firmPrincipal(token);
    admit(principal, access);
    request.principal = principal;
  });

  // Once the body is in: the request's transaction opens with its session check in one flight.
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public' || !runsInRequestTransaction(request.routeOptions)) return;
    const riders = request.flightRiders;
    // Each rider's answer is its last statement's: the count of statements sent up to and including it, less one.
    const lastIndexOf: number[] = [];
    const opened = await authenticator.openRequest(bearerTokenOf(request)!, access.kind, (firmId) =>
      riders.flatMap((rider) => {
        const statements = rider.statementsFor(firmId);
        lastIndexOf.push((lastIndexOf.at(-1) ?? -1) + statements.length);
        return statements;
      }),
    );
    request.requestTransaction = opened.transaction;
    riders.forEach((rider, index) => (rider.answer = opened.behind[lastIndexOf[index]!]));
    endAfterTheAnswer(request, reply, opened.transaction);
    if (!opened.principal) throw unauthorized();
    admit(opened.principal, access);
    request.principal = opened.principal;
  });

  // As the answer is about to be written: a read's commit (or a refusal's rollback) goes out beside it,
  // never waiting on the client to take the answer.
  app.addHook('onSend', async (request, _reply, payload) => {
    const transaction = request.requestTransaction;
    if (transaction) enders.get(transaction)?.();
    return payload;
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
        if (name === 'adminuserid' && String(value) !== principal.adminUserId) throw forbidden(SCOPE_MISMATCH, 'FIRM_SCOPE_MISMATCH');
        if (name === 'businessid' && String(value) !== principal.firmId) throw forbidden(SCOPE_MISMATCH, 'FIRM_SCOPE_MISMATCH');
      }
    }
  });
}

const handling = new WeakSet<RequestTransaction>();
const enders = new WeakMap<RequestTransaction, () => void>();

/**
 * A transaction still open once the answer is ready (or the client gone) ends then, unawaited: a
 * read's commit goes out with its answer, and a refusal before the handler (400, 403) rolls back.
 */
function endAfterTheAnswer(request: FastifyRequest, reply: FastifyReply, transaction: RequestTransaction) {
  const end = () => {
    if (transaction.isEnded || handling.has(transaction)) return;
    transaction
      .end(transaction.hasFailed ? 'rollback' : 'commit')
      .catch((error: unknown) => request.log.error({ err: error }, 'ending the request transaction failed'));
  };
  enders.set(transaction, end);
  // Fastify's onSend (see registerRouteAccess) in every case; 'close' too when the client is gone first.
  reply.raw.once('close', end);
}

/**
 * Every handler of a route that runs in the request's transaction runs inside it (every withFirm
 * of the firm joins it), and a write's commit is awaited before its answer is sent. Registered
 * after the idempotency wrapper, so the key's answer is written before the commit.
 */
export function registerRequestTransactions(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!runsInRequestTransaction(route)) return;
    const handle = route.handler;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const transaction = request.requestTransaction;
      if (!transaction || transaction.isEnded) return handle.call(this, request, reply);
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      handling.add(transaction);
      try {
        return await runInRequestTransaction(transaction, async () => {
          const answer: unknown = await handle.call(this, request, reply);
          await finishRequestTransaction(transaction, isRead);
          return answer;
        });
      } catch (error) {
        // A handler that failed outside any section keeps what its sections wrote, as each section's own transaction once did.
        await finishRequestTransaction(transaction, isRead);
        throw error;
      } finally {
        handling.delete(transaction);
        // The client went away while the handler ran: nothing will be answered, end now.
        if (reply.raw.writableFinished || reply.raw.destroyed) enders.get(transaction)?.();
      }
    };
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
