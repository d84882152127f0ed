import { vi } from 'vitest';

export type StubCall = { method: string; url: URL; body: unknown; headers: Record<string, string> };
type Handler = (call: StubCall) => unknown;

/** An envelope answer; a Response passes through untouched. */
export function ok(data: unknown, message = 'OK'): Response {
  return new Response(JSON.stringify({ success: true, message, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

export function failure(status: number, message: string): Response {
  return new Response(JSON.stringify({ success: false, message, data: null }), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs fetch with handlers keyed 'METHOD /api/path-prefix'; the longest matching prefix answers.
 * Unknown calls answer 404. Returns the recorded calls.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: StubCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, url, body, headers };
    calls.push(call);
    const key = Object.keys(handlers)
      .filter((candidate) => {
        const [candidateMethod, prefix = ''] = candidate.split(' ');
        return candidateMethod === method && url.pathname.startsWith(prefix);
      })
      .sort((a, b) => b.length - a.length)[0];
    if (!key) return failure(404, 'Not found');
    const answer = await handlers[key]?.(call);
    return answer instanceof Response ? answer : ok(answer);
  });
  vi.stubGlobal('fetch', fetchStub);
  const callsTo = (method: string, path: string) => calls.filter((call) => call.method === method && call.url.pathname === path);
  return { calls, callsTo, fetchStub };
}

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';

export function clientSummary(overrides: Record<string, unknown> = {}) {
  return {
    id: CLIENT_ID,
    clientType: 'individual',
    name: 'Ada Obi',
    email: 'ada@example.com',
    phone: null,
    status: 'active',
    isPortalEnabled: false,
    openMatterCount: 1,
    createdAt: '2024-03-15T10:00:00.000Z',
    ...overrides,
  };
}

export function clientDetail(overrides: Record<string, unknown> = {}) {
  return {
    ...clientSummary(),
    firstName: 'Ada',
    lastName: 'Obi',
    companyName: null,
    alternateEmail: null,
    alternatePhone: null,
    address: '1 Marina',
    city: 'Lagos',
    state: null,
    country: 'Nigeria',
    postalCode: null,
    notes: 'Prefers email.',
    customFields: {},
    contacts: [],
    matters: [
      {
        id: '22222222-2222-4222-8222-222222222222',
        matterNumber: 'MAT-00001',
        matterName: 'Obi v State',
        matterRate: 'Hourly',
        status: 'Open',
      },
    ],
    hasPortalAccount: false,
    updatedAt: '2024-03-15T10:00:00.000Z',
    ...overrides,
  };
}
