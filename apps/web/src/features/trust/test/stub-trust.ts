import {
  trustAccountSchema,
  trustMovementRequestSchema,
  trustTransactionSchema,
  type TrustAccount,
  type TrustMovementRequest,
  type TrustTransaction,
} from '@matterhorn/shared';
import { configure } from '@testing-library/react';
import type { WorkingUser } from '../../../lib/session/working-user.ts';
import { lookupAnswers } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession } from '../../../test/render.tsx';

export const ACCOUNT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const MATTER_ID = '55555555-5555-4555-8555-555555555555';
export const ME = '22222222-2222-4222-8222-222222222222';
export const COLLEAGUE = '33333333-3333-4333-8333-333333333333';
export const TX_ID = '77777777-7777-4777-8777-777777777777';
export const REVERSAL_ID = '78787878-7878-4787-8787-787878787878';

export const T = '/api/admin/trust-account';

/** An account as get-trust-account answers it (parsed by the shared schema: a fixture that drifts fails). */
export function accountOf(overrides: Partial<TrustAccount> = {}): TrustAccount {
  return trustAccountSchema.parse({
    id: ACCOUNT_ID,
    name: 'Client Trust — GTBank',
    bankName: 'GTBank',
    accountNumberMasked: '••••1234',
    currencyCode: 'NGN',
    currencySymbol: '₦',
    paymentInstructions: '',
    isActive: true,
    balance: '150000.00',
    clearedBalance: '120000.00',
    unclearedBalance: '30000.00',
    clientLedgerCount: 2,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

export function transactionOf(overrides: Partial<TrustTransaction> = {}): TrustTransaction {
  return trustTransactionSchema.parse({
    id: TX_ID,
    number: 'TRX-00001',
    trustAccountId: ACCOUNT_ID,
    trustAccountName: 'Client Trust — GTBank',
    currencyCode: 'NGN',
    currencySymbol: '₦',
    clientId: CLIENT_ID,
    clientName: 'Kemi Adebayo',
    matterId: MATTER_ID,
    matterNumber: 'MAT-00001',
    matterName: 'Land purchase',
    type: 'deposit',
    direction: 'in',
    amount: '120000.00',
    signedAmount: '120000.00',
    date: '2026-11-02',
    method: 'Bank transfer',
    reference: 'FT-123',
    counterparty: 'Kemi Adebayo',
    purpose: null,
    isCleared: true,
    clearedDate: '2026-11-02',
    trustRequestId: null,
    invoiceId: null,
    invoiceNumber: null,
    transferId: null,
    reversesTransactionId: null,
    reversesNumber: null,
    reversedByTransactionId: null,
    reversedByNumber: null,
    reason: null,
    consentNote: null,
    createdByUserName: 'Grace Hopper',
    approvedByUserName: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  });
}

export function movementRequestOf(overrides: Partial<TrustMovementRequest> = {}): TrustMovementRequest {
  return trustMovementRequestSchema.parse({
    id: '99999999-9999-4999-8999-999999999991',
    kind: 'disbursement',
    trustAccountId: ACCOUNT_ID,
    trustAccountName: 'Client Trust — GTBank',
    currencySymbol: '₦',
    clientId: CLIENT_ID,
    clientName: 'Kemi Adebayo',
    matterId: MATTER_ID,
    matterNumber: 'MAT-00001',
    amount: '500000.00',
    date: '2026-11-03',
    description: 'Lagos Land Registry: stamp duty',
    status: 'AwaitingApproval',
    requestedByUserId: COLLEAGUE,
    requestedByUserName: 'Alan Turing',
    decidedByUserName: null,
    decidedAt: null,
    decisionReason: null,
    transactionId: null,
    createdAt: '2026-11-03T10:00:00.000Z',
    ...overrides,
  });
}

export const page = <Row>(rows: Row[]) => ({ data: { data: rows, page: 1, size: 20, totalCount: rows.length } });

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: CLIENT_ID, name: 'Kemi Adebayo' }],
    companies: [],
  }),
  'GET /api/admin/matter-master/get-matter-name-using-client': lookupAnswers.matterNames([
    { id: MATTER_ID, matterName: 'Land purchase', matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' },
  ]),
  [`GET ${T}/get-trust-account/${ACCOUNT_ID}`]: () => ({ data: accountOf() }),
  [`GET ${T}/get-trust-account-ledgers`]: () => page([]),
  [`GET ${T}/get-trust-transactions`]: () => page([]),
  [`GET ${T}/get-pending-transactions`]: () => page([]),
  [`GET ${T}/get-trust-balance`]: () => ({
    data: { clientId: CLIENT_ID, matterId: null, balances: [], currencyCode: null, balance: '0.00', clearedBalance: '0.00', ledgers: [] },
  }),
};

/** The trust pages' API through MSW (unknown calls answer 404). */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: 'Done', failureMessage: 'Failed' });
}

const WORKING_USER: WorkingUser = {
  id: 'owner',
  profileId: ME,
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

export function sessionWith(permissions: string[]) {
  return fakeSession({ permissions, workingUser: WORKING_USER });
}

/** A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s. */
export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}
