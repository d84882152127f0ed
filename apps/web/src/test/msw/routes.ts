import { http, type HttpHandler } from 'msw';
import { notFound } from './envelope.ts';
import { recordCall, type RecordedCall } from './recorded-call.ts';
import { server } from './server.ts';

export type Route = {
  method: string;
  /** The full path (`/api/...`); with `isPrefix`, every path that starts with it. */
  path: string;
  isPrefix?: boolean;
  answer: (call: RecordedCall) => Response | Promise<Response>;
};

/**
 * Serves `routes` through MSW for the rest of the test and records every call to the API, known
 * or not (unknown ones answer 404). An exact path wins over a prefix, a longer prefix over a
 * shorter one. A later `mockApi` in the same test replaces the earlier one.
 */
export function mockApi(routes: Route[]) {
  const calls: RecordedCall[] = [];
  const ordered = [...routes].sort((a, b) => Number(a.isPrefix ?? false) - Number(b.isPrefix ?? false) || b.path.length - a.path.length);
  const handlerOf = (route: Route): HttpHandler =>
    http.all(route.isPrefix ? `${route.path}*` : route.path, async ({ request }) => {
      if (request.method !== route.method) return undefined;
      const { call, bodyRead } = recordCall(request, calls);
      await bodyRead;
      return route.answer(call);
    });
  const unknownCall = http.all('/api/*', async ({ request }) => {
    await recordCall(request, calls).bodyRead;
    return notFound();
  });
  server.use(...ordered.map(handlerOf), unknownCall);
  return { calls };
}
