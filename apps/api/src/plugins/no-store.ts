import type { FastifyInstance } from 'fastify';

/**
 * API answers carry client files, time records and tokens: no browser, proxy or shared cache may
 * keep a copy (ASVS 8.2.1), CSV exports included. Set before the handler, so error answers carry it too.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.access) reply.header('cache-control', 'no-store');
  });
}
