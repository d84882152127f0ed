import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
type RawBodyRoutes = ReturnType<typeof typed>;

type RawBodyHelpers = {
  /** The request's exact bytes (empty when there were none). */
  rawBodyOf(body: unknown): Buffer;
  /** A header's one value. */
  header(value: string | string[] | undefined): string | undefined;
};

/**
 * Routes whose JSON body is read as the exact bytes sent: a gateway's webhook signature is over
 * them, so they must not be parsed and written again. Only the routes registered inside are raw.
 */
export function withRawJsonBodies(app: FastifyInstance, register: (routes: RawBodyRoutes, helpers: RawBodyHelpers) => void) {
  return app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    register(typed(scope), {
      rawBodyOf: (body) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0)),
      header: (value) => (Array.isArray(value) ? value[0] : value),
    });
  });
}
