import { expenseCategorySchema, type Expense, type ExpenseListItem } from '@matterhorn/shared';
import { configure } from '@testing-library/react';
import type { WorkingUser } from '../../../lib/session/working-user.ts';
import { contractAnswer, lookupAnswers, teamMember } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession } from '../../../test/render.tsx';

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const MATTER_ID = '44444444-4444-4444-8444-444444444444';
export const CLOSED_MATTER_ID = '45454545-4545-4545-8545-454545454545';
export const USER_A = '22222222-2222-4222-8222-222222222222';
export const USER_B = '33333333-3333-4333-8333-333333333333';
export const CATEGORY_ID = '77777777-7777-4777-8777-777777777777';
export const EXPENSE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

export const BASE = '/api/admin/expense-flat-fees-info';
export const LIST = `${BASE}/get-expenses-list`;
export const CREATE = `${BASE}/create-expense`;

export function expense(overrides: Partial<Expense> = {}): Expense {
  return {
    id: EXPENSE_ID,
    isFirmExpense: false,
    isExpenseRequest: true,
    expenseDate: '2024-03-05',
    clientId: CLIENT_ID,
    clientName: 'Ada Lovelace',
    matterId: MATTER_ID,
    matterName: 'Acme v Beta',
    matterNumber: 'MAT-00001',
    categoryId: CATEGORY_ID,
    categoryName: 'Court fees',
    utbmsExpenseCode: 'E112',
    description: 'Filing fee',
    quantity: '3',
    unitCost: '33.33',
    amount: '99.99',
    homeAmount: '99.99',
    foreignCurrencyId: null,
    currencySymbol: '₦',
    exchangeRate: '1',
    isBillable: 4,
    payee: 'High Court',
    reference: 'R-1',
    note: null,
    approvalStatus: 'Pending',
    decidedByUserName: null,
    decidedAt: null,
    rejectionReason: null,
    paymentStatus: 'Unpaid',
    paidDate: null,
    paymentMethod: null,
    paymentReference: null,
    billingStatus: 'Unbilled',
    isLocked: false,
    billedOnInvoiceNumber: null,
    addedByUserId: USER_B,
    addedByUserName: 'Alan Turing',
    receipts: [],
    createdAt: '2024-03-05T10:00:00Z',
    updatedAt: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

export function listItem(overrides: Partial<ExpenseListItem> = {}): ExpenseListItem {
  const { note: _note, updatedAt: _updatedAt, receipts: _receipts, ...item } = expense();
  return { ...item, receiptCount: 1, ...overrides };
}

export const page = (rows: ExpenseListItem[], extra: Record<string, unknown> = {}) => ({
  data: { data: rows, page: 1, size: 20, totalCount: rows.length, totals: { totalAmount: '1234.5', unbilledAmount: '99.99' }, ...extra },
});

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  [`GET ${LIST}`]: () => page([listItem()]),
  [`GET ${BASE}/get-expense-categories`]: contractAnswer(expenseCategorySchema.array(), [
    { id: CATEGORY_ID, name: 'Court fees', utbmsExpenseCode: 'E112', expenseCount: 2 },
  ]),
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [],
  }),
  'GET /api/admin/matter-master/get-matter-name-using-client': lookupAnswers.matterNames([
    { id: MATTER_ID, matterName: 'Acme v Beta', matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' },
    { id: CLOSED_MATTER_ID, matterName: 'Old dispute', matterNumber: 'MAT-00002', matterRate: 'Hourly', status: 'Closed' },
  ]),
  'GET /api/admin/team-member-details/get-all-user': lookupAnswers.teamMembers([
    teamMember(USER_A, 'Grace Hopper'),
    teamMember(USER_B, 'Alan Turing'),
  ]),
};

/** The expense pages' API through MSW (unknown calls answer 404); records every call. */
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

/** findBy and waitFor wait up to 10 s: a first Mantine render can be slow on a loaded machine. */
export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}

export function sessionWith(permissions: string[]) {
  return fakeSession({ permissions, workingUser: WORKING_USER });
}
