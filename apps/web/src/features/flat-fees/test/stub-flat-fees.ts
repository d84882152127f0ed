import {
  activityTypeSchema,
  flatFeeSchema,
  matterViewSchema,
  type FlatFee,
  type FlatFeeListItem,
  type MatterName,
  type MatterView,
} from '@matterhorn/shared';
import { configure } from '@testing-library/react';
import type { WorkingUser } from '../../../lib/session/working-user.ts';
import { contractAnswer, lookupAnswers, matterView as sharedMatterView, teamMember } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession } from '../../../test/render.tsx';

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_CLIENT_ID = '66666666-6666-4666-8666-666666666666';
export const HOURLY_MATTER_ID = '44444444-4444-4444-8444-444444444444';
export const FLAT_MATTER_ID = '55555555-5555-4555-8555-555555555555';
export const OTHER_CLIENT_MATTER_ID = '88888888-8888-4888-8888-888888888888';
export const USER_A = '22222222-2222-4222-8222-222222222222';
export const USER_B = '33333333-3333-4333-8333-333333333333';
export const ACTIVITY_ID = '77777777-7777-4777-8777-777777777777';
export const FEE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

const BASE = '/api/admin/expense-flat-fees-info';
export const LIST = `${BASE}/get-flat-fees-list`;
export const CREATE = `${BASE}/create-flat-fee`;
export const GET = `${BASE}/get-flat-fee/${FEE_ID}`;
export const UPDATE = `${BASE}/update-flat-fee/${FEE_ID}`;
export const DELETE = `${BASE}/delete-flat-fee/${FEE_ID}`;
export const MATTER_NAMES = '/api/admin/matter-master/get-matter-name-using-client';
export const MATTER_VIEW = '/api/admin/matter-master/get-matter-view';

export const FLAT_RATE = '2500000.00';

export function fee(overrides: Partial<FlatFee> = {}): FlatFee {
  return {
    id: FEE_ID,
    flatFeeDate: '2024-03-05',
    clientId: CLIENT_ID,
    clientName: 'Ada Lovelace',
    matterId: FLAT_MATTER_ID,
    matterName: 'Share purchase agreement',
    matterNumber: 'MAT-00002',
    userId: USER_A,
    userName: 'Grace Hopper',
    activityId: null,
    activityType: null,
    description: 'First half of the agreed fee',
    note: null,
    amount: '1250000.00',
    currencySymbol: '₦',
    status: 'Unbilled',
    isLocked: false,
    billedOnInvoiceNumber: null,
    addedByUserId: USER_A,
    addedByUserName: 'Grace Hopper',
    createdAt: '2024-03-05T10:00:00Z',
    updatedAt: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

export function listItem(overrides: Partial<FlatFee> = {}): FlatFeeListItem {
  const { note: _note, updatedAt: _updatedAt, ...item } = fee(overrides);
  return item;
}

export const page = (rows: FlatFeeListItem[], extra: Record<string, unknown> = {}) => ({
  data: {
    data: rows,
    page: 1,
    size: 20,
    totalCount: rows.length,
    totals: { totalAmount: '3000000.5', unbilledAmount: '1250000' },
    ...extra,
  },
});

const MATTERS_OF: Record<string, MatterName[]> = {
  [CLIENT_ID]: [
    { id: HOURLY_MATTER_ID, matterName: 'Lease dispute', matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' },
    { id: FLAT_MATTER_ID, matterName: 'Share purchase agreement', matterNumber: 'MAT-00002', matterRate: 'Flat Rate', status: 'Open' },
  ],
  [OTHER_CLIENT_ID]: [
    { id: OTHER_CLIENT_MATTER_ID, matterName: 'Trademark filing', matterNumber: 'MAT-00003', matterRate: 'Hourly', status: 'Open' },
  ],
};

export function matterView(overrides: Partial<MatterView> = {}): MatterView {
  return sharedMatterView(
    FLAT_MATTER_ID,
    { id: CLIENT_ID, name: 'Ada Lovelace', clientType: 'individual' },
    {
      matterNumber: 'MAT-00002',
      matterName: 'Share purchase agreement',
      matterRate: 'Flat Rate',
      flatRate: FLAT_RATE,
      ...overrides,
    },
  );
}

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  [`GET ${LIST}`]: () => page([listItem()]),
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [{ companyId: OTHER_CLIENT_ID, companyName: 'Acme Ltd' }],
  }),
  [`GET ${MATTER_NAMES}`]: (call) => lookupAnswers.matterNames(MATTERS_OF[call.query.get('ClientId') ?? ''] ?? []),
  [`GET ${MATTER_VIEW}`]: (call) =>
    call.query.get('matterid') === FLAT_MATTER_ID
      ? contractAnswer(matterViewSchema, matterView())
      : contractAnswer(matterViewSchema, matterView({ id: HOURLY_MATTER_ID, matterRate: 'Hourly', flatRate: null })),
  'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([
    teamMember(USER_A, 'Grace Hopper'),
    teamMember(USER_B, 'Alan Turing'),
  ]),
  'GET /api/admin/activity/get-activity-type': contractAnswer(activityTypeSchema.array(), [
    { id: ACTIVITY_ID, activityType: 'Drafting', utbmsCode: 'A103' },
  ]),
  [`POST ${CREATE}`]: () => contractAnswer(flatFeeSchema, fee()),
  [`GET ${GET}`]: () => contractAnswer(flatFeeSchema, fee()),
  [`PUT ${UPDATE}`]: () => contractAnswer(flatFeeSchema, fee()),
  [`DELETE ${DELETE}`]: { data: null, message: 'Flat fee deleted' },
};

/** The flat-fee pages' API through MSW (unknown calls answer 404); records every call. */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: 'Done', failureMessage: 'Failed' });
}

export const WORKING_USER: WorkingUser = {
  id: 'owner',
  profileId: USER_A,
  currency: '₦',
  businessId: 'firm',
  name: 'Grace Hopper',
  email: 'grace@firm.test',
  firmName: 'Firm',
  isSetupComplete: true,
  currencyId: 1,
  currencyISOCode: 'NGN',
  multicurrency: false,
  billingIncrement: '0.1',
  bareNumberUnit: 'hours',
  suggestsTime: false,
};

export const ALL_FLAT_FEE_PERMISSIONS = [
  'flatFeePermission',
  'flatFeePermission.create',
  'flatFeePermission.edit',
  'flatFeePermission.delete',
];

export function sessionWith(permissions: string[] = ALL_FLAT_FEE_PERMISSIONS) {
  return fakeSession({ permissions, workingUser: WORKING_USER });
}

/** A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s. */
export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}
