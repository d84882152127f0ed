import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';

/**
 * SPEC.md spells one parameter several ways (AdminUserId, Adminuserid, adminUserId): query names
 * are matched to the route's schema without regard to case.
 */
export function registerCaseInsensitiveQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const shape = (route.schema?.querystring as { shape?: Record<string, unknown> } | undefined)?.shape;
    if (!shape) return;
    const canonical = new Map(Object.keys(shape).map((name) => [name.toLowerCase(), name]));
    const renameQuery: preValidationHookHandler = (request, _reply, done) => {
      const query = request.query as Record<string, unknown>;
      for (const key of Object.keys(query)) {
        const name = canonical.get(key.toLowerCase());
        if (name && name !== key && !(name in query)) {
          query[name] = query[key];
          delete query[key];
        }
      }
      done();
    };
    route.preValidation = [renameQuery, ...[route.preValidation ?? []].flat()];
  });
}
