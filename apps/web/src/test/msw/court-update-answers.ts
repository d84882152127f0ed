import {
  courtSchema,
  courtUpdatePageSchema,
  courtUpdateSchema,
  type Court,
  type CourtUpdate,
  type CourtUpdateListItem,
} from '@matterhorn/shared';
import { contractAnswer } from './contract-answers.ts';
import type { StubAnswer, StubHandler } from './stub-api.ts';

/**
 * The court-update calls (issue 17) as the web tests answer them, each answer parsed with the shared
 * contract. The court updates feature and any page that shows court updates or courts use them.
 */
export const COURT_UPDATE_API = {
  list: '/api/admin/progress-update/get-court-updates',
  create: '/api/admin/progress-update/create-court-update',
  get: (id: string) => `/api/admin/progress-update/get-court-update/${id}`,
  update: (id: string) => `/api/admin/progress-update/update-court-update/${id}`,
  delete: (id: string) => `/api/admin/progress-update/delete-court-update/${id}`,
  courts: '/api/admin/progress-update/courts',
} as const;

export const COURT_ID = 'c0c0c0c0-c0c0-4c0c-8c0c-c0c0c0c0c0c0';
export const COURT_UPDATE_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

export function court(overrides: Partial<Court> = {}): Court {
  return { id: COURT_ID, name: 'Federal High Court', division: 'Lagos Judicial Division', address: '1 Court Road, Ikoyi', ...overrides };
}

export function courtUpdate(overrides: Partial<CourtUpdate> = {}): CourtUpdate {
  return {
    id: COURT_UPDATE_ID,
    clientId: '11111111-1111-4111-8111-111111111111',
    clientName: 'Ada Lovelace',
    matterId: '44444444-4444-4444-8444-444444444444',
    matterName: 'Lease dispute',
    matterNumber: 'MAT-00001',
    courtId: COURT_ID,
    courtName: 'Federal High Court',
    courtDivision: 'Lagos Judicial Division',
    suitNumber: 'FHC/L/CS/123/2024',
    judge: 'Hon. Justice A. Bello',
    hearingDate: '2024-03-05',
    appearances: [{ userId: '22222222-2222-4222-8222-222222222222', name: 'Grace Hopper' }],
    outcome: 'Trial opened; the claimant’s first witness testified.\nCross-examination was deferred.',
    nextAdjournedDate: '2024-04-10',
    nextAdjournedTime: '09:30',
    nextAdjournedPurpose: 'Continuation of trial',
    nextSteps: 'Prepare the cross-examination bundle.',
    isSharedWithClient: false,
    addedByUserId: '22222222-2222-4222-8222-222222222222',
    addedByUserName: 'Grace Hopper',
    createdAt: '2024-03-05T10:00:00Z',
    updatedAt: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

/** The list's row of an update: what happened cut to its first line, as the API answers it. */
export function courtUpdateListItem(overrides: Partial<CourtUpdate> = {}): CourtUpdateListItem {
  const { nextSteps: _nextSteps, updatedAt: _updatedAt, appearances: _appearances, ...item } = courtUpdate(overrides);
  return { ...item, outcome: item.outcome.split('\n')[0] ?? '' };
}

export const courtUpdateAnswers = {
  page: (rows: CourtUpdateListItem[], extra: { page?: number; size?: number; totalCount?: number } = {}): StubAnswer =>
    contractAnswer(courtUpdatePageSchema, { data: rows, page: 1, size: 20, totalCount: rows.length, ...extra }),
  one: (update: CourtUpdate): StubAnswer => contractAnswer(courtUpdateSchema, update),
  courts: (courts: Court[]): StubAnswer => contractAnswer(courtSchema.array(), courts),
  court: (value: Court): StubAnswer => contractAnswer(courtSchema, value),
};

/** Every court-update call answered with the fixtures above; a test's own handlers win. */
export function courtUpdateHandlers(): Record<string, StubHandler> {
  return {
    [`GET ${COURT_UPDATE_API.list}`]: () => courtUpdateAnswers.page([courtUpdateListItem()]),
    [`POST ${COURT_UPDATE_API.create}`]: () => ({ ...courtUpdateAnswers.one(courtUpdate()), status: 201, message: 'Court update created' }),
    [`GET ${COURT_UPDATE_API.get(COURT_UPDATE_ID)}`]: () => courtUpdateAnswers.one(courtUpdate()),
    [`PUT ${COURT_UPDATE_API.update(COURT_UPDATE_ID)}`]: () => courtUpdateAnswers.one(courtUpdate()),
    [`DELETE ${COURT_UPDATE_API.delete(COURT_UPDATE_ID)}`]: { data: null, message: 'Court update deleted' },
    [`GET ${COURT_UPDATE_API.courts}`]: () => courtUpdateAnswers.courts([court()]),
    [`POST ${COURT_UPDATE_API.courts}`]: () => ({ ...courtUpdateAnswers.court(court()), status: 201 }),
  };
}
