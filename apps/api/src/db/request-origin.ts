import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where a request came from: the client's address (Fastify's request.ip, behind TRUST_PROXY's
 * reading of X-Forwarded-For) and its User-Agent header. Every transaction a request opens sets
 * them (app.client_ip, app.user_agent, transaction-local), so each audit event it writes records
 * them by the columns' defaults (migration 0067) without any module passing them along.
 */
export type RequestOrigin = { clientIp: string; userAgent: string };

/** A browser's User-Agent is about 150 characters; anything longer is cut, so a header cannot bloat the trail. */
export const USER_AGENT_LIMIT = 300;

const origins = new AsyncLocalStorage<RequestOrigin>();

export const requestOriginOf = (request: { ip: string; headers: Record<string, string | string[] | undefined> }): RequestOrigin => {
  const header = request.headers['user-agent'];
  return { clientIp: request.ip ?? '', userAgent: (Array.isArray(header) ? header[0] : header)?.trim().slice(0, USER_AGENT_LIMIT) ?? '' };
};

/** Runs the rest of a request (its hooks, its handler) knowing where it came from. */
export const withRequestOrigin = <T>(origin: RequestOrigin, fn: () => T): T => origins.run(origin, fn);

/**
 * The request's origin as transaction settings, for the statement that already sets the firm:
 * none outside a request (a job, the seed), whose events record no origin.
 */
export function originSettings(): Record<string, string> {
  const origin = origins.getStore();
  return origin ? { 'app.client_ip': origin.clientIp, 'app.user_agent': origin.userAgent } : {};
}
