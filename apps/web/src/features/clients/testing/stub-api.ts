import type { ClientDetail, ClientSummary } from '@matterhorn/shared';
import { envelope } from '../../../test/msw/envelope.ts';
import type { RecordedCall } from '../../../test/msw/recorded-call.ts';
import { mockApi } from '../../../test/msw/routes.ts';

/** A recorded call whose headers read like the object the app sent (`headers.Authorization`). */
export type StubCall = Omit<RecordedCall, 'headers'> & { headers: Record<string, string | undefined> };
type Handler = (call: StubCall) => unknown;

/** Header names are case-insensitive in HTTP: any spelling reads the header. */
function headerRecordOf(headers: Headers): Record<string, string | undefined> {
  return new Proxy({}, { get: (_target, name) => (typeof name === 'string' ? (headers.get(name) ?? undefined) : undefined) });
}

const clientsCallOf = (call: RecordedCall): StubCall => ({ ...call, headers: headerRecordOf(call.headers) });

/** An envelope answer; a Response passes through untouched. */
export function ok(data: unknown, message = 'OK'): Response {
  return envelope(data, { message });
}

export function failure(status: number, message: string): Response {
  return envelope(null, { status, message });
}

/**
 * Serves handlers keyed 'METHOD /api/path-prefix' through MSW; the longest matching prefix
 * answers, with an envelope of what it returns. Unknown calls answer 404. Returns the recorded calls.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const { calls } = mockApi(
    Object.entries(handlers).map(([key, handler]) => {
      const [method = 'GET', path = ''] = key.split(' ');
      return {
        method,
        path,
        isPrefix: true,
        answer: async (call: RecordedCall) => {
          const answer = await handler(clientsCallOf(call));
          return answer instanceof Response ? answer : ok(answer);
        },
      };
    }),
  );
  const callsTo = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.url.pathname === path).map(clientsCallOf);
  return {
    get calls() {
      return calls.map(clientsCallOf);
    },
    callsTo,
  };
}

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';

export function clientSummary(overrides: Partial<ClientSummary> = {}): ClientSummary {
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

export function clientDetail(overrides: Partial<ClientDetail> = {}): ClientDetail {
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
    clientNumber: 'CL-00001',
    taxNumber: null,
    ledesFormat: '1998B',
    billingPreference: 'perMatter',
    updatedAt: '2024-03-15T10:00:00.000Z',
    ...overrides,
  };
}
