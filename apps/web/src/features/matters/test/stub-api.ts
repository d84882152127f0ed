import { vi } from 'vitest';
import { fakeSession } from '../../../test/render.tsx';
import type { WorkingUser } from '../../../lib/session/working-user.ts';

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const USER_A = '22222222-2222-4222-8222-222222222222';
export const USER_B = '33333333-3333-4333-8333-333333333333';
export const MATTER_ID = '44444444-4444-4444-8444-444444444444';
export const CHECK_ID = '55555555-5555-4555-8555-555555555555';

export type StubCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = { status?: number; data?: unknown; message?: string };
type Handler = (call: StubCall) => Answer;

const member = (id: string, name: string, defaultHourlyRate: string | null) => ({
  id,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@firm.test`,
  roleId: 'role',
  roleName: 'Fee earner',
  defaultHourlyRate,
  isActive: true,
  isOwner: false,
});

/** What every page's lookups answer unless a test says otherwise. */
export const DEFAULT_HANDLERS: Record<string, Handler> = {
  'GET /api/admin/client-info/get-associated-client-users': () => ({
    data: {
      people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }],
      companies: [{ companyId: '66666666-6666-4666-8666-666666666666', companyName: 'Acme Ltd' }],
    },
  }),
  'GET /api/admin/team-member-details/get-all-user': () => ({
    data: [member(USER_A, 'Grace Hopper', '150.00'), member(USER_B, 'Alan Turing', '200.00')],
  }),
  'GET /api/admin/practice-area/get-practice-areas': () => ({
    data: [{ id: '77777777-7777-4777-8777-777777777777', name: 'Litigation', matterCount: 0 }],
  }),
  'GET /api/admin/custom-field/get-custom-fields': () => ({ data: [] }),
  'GET /api/admin/matter-master/get-matter-list': (call) => ({
    data: { data: [], page: Number(call.query.get('page') ?? 1), size: Number(call.query.get('size') ?? 20), totalCount: 0 },
  }),
};

/** Replaces fetch with a router of "METHOD /path" handlers; records every call. */
export function stubApi(handlers: Record<string, Handler> = {}) {
  const calls: StubCall[] = [];
  const all = { ...DEFAULT_HANDLERS, ...handlers };
  const fetchStub = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: StubCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const handler = all[`${method} ${url.pathname}`];
    const answer = handler ? handler(call) : { status: 404, message: 'Not found' };
    const status = answer.status ?? 200;
    const ok = status < 400;
    return new Response(
      JSON.stringify({ success: ok, message: answer.message ?? (ok ? 'Done' : 'Failed'), data: ok ? (answer.data ?? null) : null }),
      {
        status,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchStub);
  const callsTo = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === `/api${path}`);
  return { calls, callsTo };
}

const workingUser: WorkingUser = {
  id: 'owner',
  profileId: 'owner',
  currency: '₦',
  businessId: 'firm',
  name: 'Owner',
  email: 'owner@firm.test',
  firmName: 'Firm',
  isSetupComplete: true,
  currencyId: 1,
  currencyISOCode: 'NGN',
  multicurrency: false,
};

export function sessionWith(permissions: string[]) {
  return fakeSession({ permissions, workingUser });
}
