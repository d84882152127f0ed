import {
  trustAccountSchema,
  trustRequestPageSchema,
  trustRequestSchema,
  type TrustRequest,
  type TrustRequestListItem,
} from '@matterhorn/shared';
import { configure } from '@testing-library/react';
import type { WorkingUser } from '../../../lib/session/working-user.ts';
import { contractAnswer, lookupAnswers, teamMember } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession } from '../../../test/render.tsx';

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const MATTER_ID = '44444444-4444-4444-8444-444444444444';
export const ACCOUNT_ID = '66666666-6666-4666-8666-666666666666';
export const REQUEST_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const USER_A = '22222222-2222-4222-8222-222222222222';
export const USER_B = '33333333-3333-4333-8333-333333333333';

export const BASE = '/api/admin/trust-account';
export const LIST = `${BASE}/get-trust-requests`;
export const CREATE = `${BASE}/create-trust-request`;
export const ALL_PERMISSIONS = [
  'trustAccountRequest',
  'trustAccountRequest.create',
  'trustAccountRequest.edit',
  'trustAccountRequest.delete',
  'trustAccountRequest.approve',
];

export function trustRequest(overrides: Partial<TrustRequest> = {}): TrustRequest {
  return trustRequestSchema.parse({
    id: REQUEST_ID,
    requestNumber: 'TRQ-00001',
    trustAccountId: ACCOUNT_ID,
    trustAccountName: 'Client Trust Account',
    currencySymbol: '₦',
    clientId: CLIENT_ID,
    clientName: 'Ada Lovelace',
    clientEmail: 'ada@client.test',
    matterId: MATTER_ID,
    matterNumber: 'MAT-00001',
    matterName: 'Acme v Beta',
    amount: '250000.00',
    paidAmount: '0.00',
    balanceDue: '250000.00',
    dueDate: '2026-12-15',
    note: 'Retainer for the lease dispute',
    status: 'Draft',
    statusLabel: 'Draft',
    isApproved: false,
    isTopUp: false,
    assignedUserId: USER_B,
    assignedUserName: 'Alan Turing',
    sentToEmail: null,
    sentAt: null,
    approvedByUserName: null,
    cancelReason: null,
    createdByUserId: USER_B,
    createdByUserName: 'Alan Turing',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    isApprovalRequired: false,
    ...overrides,
  });
}

export function listItem(overrides: Partial<TrustRequest> = {}): TrustRequestListItem {
  const { isApprovalRequired: _required, ...item } = trustRequest(overrides);
  return item;
}

export const page = (rows: TrustRequestListItem[], isApprovalRequired = false) =>
  contractAnswer(trustRequestPageSchema, { data: rows, page: 1, size: 20, totalCount: rows.length, isApprovalRequired });

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  [`GET ${LIST}`]: () => page([listItem()]),
  [`GET ${BASE}/get-trust-request/${REQUEST_ID}`]: { data: trustRequest() },
  [`GET ${BASE}/get-trust-accounts`]: contractAnswer(trustAccountSchema.array(), [
    {
      id: ACCOUNT_ID,
      name: 'Client Trust Account',
      bankName: 'Zenith Bank',
      accountNumberMasked: '••••4821',
      currencyCode: 'NGN',
      currencySymbol: '₦',
      paymentInstructions: '',
      isActive: true,
      balance: '0.00',
      clearedBalance: '0.00',
      unclearedBalance: '0.00',
      clientLedgerCount: 0,
      createdAt: '2026-11-01T00:00:00.000Z',
    },
  ]),
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [],
  }),
  'GET /api/admin/matter-master/get-matter-name-using-client': lookupAnswers.matterNames([
    { id: MATTER_ID, matterName: 'Acme v Beta', matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' },
  ]),
  'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([teamMember(USER_A, 'Grace Hopper')]),
};

export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: 'Done', failureMessage: 'Failed' });
}

export const WORKING_USER: WorkingUser = {
  id: USER_A,
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

export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}

export const sessionWith = (permissions: string[], workingUser: WorkingUser = WORKING_USER) => fakeSession({ permissions, workingUser });
