import { vi } from 'vitest';

export type StubCall = { method: string; path: string; search: string; body: unknown };
type StubAnswer = { status?: number; data?: unknown; message?: string };
type StubHandler = StubAnswer | ((call: StubCall) => StubAnswer);

/**
 * Stubs fetch with answers per 'METHOD /path' (the path after /api, without the query string);
 * unknown calls answer 404. Returns the calls made, in order, bodies parsed.
 */
export function stubApi(handlers: Record<string, StubHandler>) {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const call: StubCall = { method, path, search: url.search, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const handler = handlers[`${method} ${path}`];
      if (!handler) return new Response(JSON.stringify({ success: false, message: 'Not found', data: null }), { status: 404 });
      const answer = typeof handler === 'function' ? handler(call) : handler;
      const status = answer.status ?? 200;
      return new Response(JSON.stringify({ success: status < 400, message: answer.message ?? '', data: answer.data ?? null }), { status });
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
