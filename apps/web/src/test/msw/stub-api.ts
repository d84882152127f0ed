import { HttpResponse } from 'msw';
import { envelope } from './envelope.ts';
import type { RecordedCall } from './recorded-call.ts';
import { mockApi } from './routes.ts';

export type StubCall = RecordedCall;
export type StubAnswer = { status?: number; data?: unknown; message?: string; body?: string; headers?: Record<string, string> };
export type StubHandler = StubAnswer | ((call: StubCall) => StubAnswer);

export type StubOptions = {
  /** Answers every test of a feature relies on (its lookups); the test's own handlers win. */
  defaults?: Record<string, StubHandler>;
  successMessage?: string;
  failureMessage?: string;
};

/** Calls are named 'METHOD /path', with or without the leading /api. */
const apiPathOf = (path: string) => (path.startsWith('/api/') ? path.slice('/api'.length) : path);

function responseOf(answer: StubAnswer, options: StubOptions): Response {
  const status = answer.status ?? 200;
  const isOk = status < 400;
  if (answer.body !== undefined) {
    return new HttpResponse(answer.body, { status, headers: { 'Content-Type': 'application/json', ...answer.headers } });
  }
  const message = answer.message ?? (isOk ? (options.successMessage ?? '') : (options.failureMessage ?? ''));
  return envelope(answer.data ?? null, { status, message, headers: answer.headers });
}

/**
 * The API as a test needs it, served by MSW: each 'METHOD /path' answers with an envelope of
 * `data` (or a raw `body`); any other call answers 404. Returns the calls made, in order.
 */
export function stubApi(handlers: Record<string, StubHandler> = {}, options: StubOptions = {}) {
  const all = new Map<string, StubHandler>();
  for (const [key, handler] of Object.entries({ ...options.defaults, ...handlers })) {
    const [method = 'GET', path = ''] = key.split(' ');
    all.set(`${method} ${apiPathOf(path)}`, handler);
  }
  const { calls } = mockApi(
    [...all].map(([key, handler]) => {
      const [method = 'GET', path = ''] = key.split(' ');
      return {
        method,
        path: `/api${path}`,
        answer: (call: StubCall) => responseOf(typeof handler === 'function' ? handler(call) : handler, options),
      };
    }),
  );
  const callsTo = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === apiPathOf(path));
  const lastQuery = (path: string) => callsTo('GET', path).at(-1)?.query;
  return { calls, callsTo, lastQuery };
}
