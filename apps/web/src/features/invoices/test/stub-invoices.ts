import type { FlatFeeListItem, Invoice, InvoiceLine } from '@matterhorn/shared';
import { configure } from '@testing-library/react';
import type { WorkingUser } from '../../../lib/session/working-user.ts';
import { invoiceView, lookupAnswers } from '../../../test/msw/contract-answers.ts';
import { stubApi as stubApiThroughMsw, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeSession } from '../../../test/render.tsx';

export const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
export const MATTER_ID = '55555555-5555-4555-8555-555555555555';
export const USER_A = '22222222-2222-4222-8222-222222222222';
export const UNBILLED = '/api/admin/invoice/get-unbilled-items';
export const SETTINGS = '/api/admin/invoice/get-invoice-settings';

export const settingsAnswer = {
  data: {
    invoiceNumberPrefix: 'INV-',
    paymentTermsDays: 30,
    taxName: 'VAT',
    taxPercent: '7.5',
    taxAppliesTo: 'both',
    invoiceApprovalRequired: true,
    billOfChargesClock: false,
    defaultPaymentInstructions: null,
    taxNumber: null,
    invoiceAccentColour: null,
    invoiceFooter: null,
    staleWorkDays: 90,
  },
};

export function flatFeeItem(overrides: Partial<FlatFeeListItem> = {}): FlatFeeListItem {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    flatFeeDate: '2024-03-05',
    clientId: CLIENT_ID,
    clientName: 'Ada Lovelace',
    matterId: MATTER_ID,
    matterName: 'Share purchase agreement',
    matterNumber: 'MAT-00002',
    userId: USER_A,
    userName: 'Grace Hopper',
    activityId: null,
    activityType: null,
    description: 'A stage',
    amount: '1000.00',
    currencySymbol: '₦',
    status: 'Unbilled',
    isLocked: false,
    addedByUserId: USER_A,
    addedByUserName: 'Grace Hopper',
    createdAt: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

export const INVOICE_ID = '99999999-9999-4999-8999-999999999999';

/** A flat fee's line on an invoice (amount: the billed amount, adjusted or not). */
export function flatFeeLine(overrides: Partial<InvoiceLine> & Pick<InvoiceLine, 'itemId' | 'description' | 'itemAmount'>): InvoiceLine {
  const amount = overrides.amount ?? overrides.itemAmount;
  return {
    id: `line-${overrides.itemId}`,
    itemType: 'flatFee',
    lineDate: '2024-03-05',
    matterId: MATTER_ID,
    matterName: 'Share purchase agreement',
    matterNumber: 'MAT-00002',
    feeEarnerId: USER_A,
    feeEarnerName: 'Grace Hopper',
    hours: null,
    rate: overrides.itemAmount,
    quantity: '1',
    amount,
    adjustment: '0.00',
    adjustmentReason: null,
    utbmsTaskCode: null,
    utbmsActivityCode: null,
    utbmsExpenseCode: null,
    sortOrder: 0,
    creditNoteNumber: null,
    ...overrides,
  };
}

/** An invoice as get-invoice answers it (a draft of flat fees unless told otherwise; totals are not recomputed). */
export function invoiceOf(overrides: Partial<Invoice> = {}): Invoice {
  return invoiceView({
    id: INVOICE_ID,
    clientId: CLIENT_ID,
    matters: [{ id: MATTER_ID, name: 'Share purchase agreement', matterNumber: 'MAT-00002' }],
    ...overrides,
  });
}

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  'GET /api/admin/client-info/get-associated-client-users': lookupAnswers.associatedClients({
    people: [{ userId: CLIENT_ID, name: 'Ada Lovelace' }],
    companies: [],
  }),
  'GET /api/admin/matter-master/get-matter-name-using-client': lookupAnswers.matterNames([
    { id: MATTER_ID, matterName: 'Share purchase agreement', matterNumber: 'MAT-00002', matterRate: 'Flat Rate', status: 'Open' },
  ]),
  [`GET ${SETTINGS}`]: () => settingsAnswer,
};

/** The invoice pages' API through MSW (unknown calls answer 404). */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  return stubApiThroughMsw(handlers, { defaults: DEFAULT_HANDLERS, successMessage: 'Done', failureMessage: 'Failed' });
}

const WORKING_USER: WorkingUser = {
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

export function sessionWith(permissions: string[]) {
  return fakeSession({ permissions, workingUser: WORKING_USER });
}

/** A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s. */
export function allowSlowRenders() {
  configure({ asyncUtilTimeout: 10_000 });
}
