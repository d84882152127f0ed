import type { FastifyInstance } from 'fastify';

const DOCS_PREFIX = '/api/docs';
const isDocs = (url: string) => url === DOCS_PREFIX || /^\/api\/docs[/?]/.test(url);

/**
 * API answers carry client files, time records and tokens: no browser, proxy or shared cache may
 * keep a copy (ASVS 8.2.1), CSV exports included. Set before the handler, so error answers carry it too.
 * The API documentation is kept out of caches as well: it describes the running version, and its
 * static files would otherwise carry @fastify/static's long max-age, so it is set again at send.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.access || isDocs(request.url)) reply.header('cache-control', 'no-store');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isDocs(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
