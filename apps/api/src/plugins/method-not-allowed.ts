import type { FastifyInstance, RouteOptions } from 'fastify';

/** A route's URL as a pattern for a concrete path: `:id` is one path segment, `*` the rest. */
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z0-9_]+/g, '[^/]+')
      .replace(/\*/g, '.*')}/?$`,
  );

/**
 * The methods each API path answers, so a call with a method the path lacks is told which it has
 * (405 with `Allow`, RFC 9110 §15.5.6) instead of "not found": a generated client or a fuzzer then
 * learns the path exists. Registered before the routes, which it hears of one by one.
 */
export function trackApiMethods(app: FastifyInstance): { allowedMethodsOf(path: string): string[] } {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    routes.push({ pattern: patternOf(route.url), methods: [route.method].flat().map(String) });
  });
  return {
    allowedMethodsOf(path) {
      const withoutQuery = path.split('?')[0]!;
      const methods = routes.filter((route) => route.pattern.test(withoutQuery)).flatMap((route) => route.methods);
      return [...new Set(methods)].sort();
    },
  };
}
