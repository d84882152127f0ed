import {
  associatedClientsSchema,
  type ConflictCheckRecord,
  type Invoice,
  type PublicInvoice,
  type SubscriptionInfo,
  customFieldSchema,
  matterNameSchema,
  practiceAreaSchema,
  teamMemberSchema,
  type AssociatedClients,
  type CustomField,
  type MatterName,
  type MatterView,
  type PracticeArea,
  type TeamMember,
} from '@matterhorn/shared';
import type { z } from 'zod';
import type { StubAnswer } from './stub-api.ts';

/** An answer parsed with the shared contract: a fixture that drifts from the API's schema fails loudly. */
export function contractAnswer<Schema extends z.ZodType>(schema: Schema, data: z.input<Schema>): StubAnswer {
  return { data: schema.parse(data) };
}

/** The lookups many pages load (lib/lookups), each answer parsed with its shared schema. */
export const lookupAnswers = {
  associatedClients: (clients: AssociatedClients) => contractAnswer(associatedClientsSchema, clients),
  teamMembers: (members: TeamMember[]) => contractAnswer(teamMemberSchema.array(), members),
  practiceAreas: (areas: PracticeArea[]) => contractAnswer(practiceAreaSchema.array(), areas),
  customFields: (fields: CustomField[]) => contractAnswer(customFieldSchema.array(), fields),
  matterNames: (matters: MatterName[]) => contractAnswer(matterNameSchema.array(), matters),
};

/** A fee earner of the firm, as get-all-user lists them. */
export function teamMember(id: string, name: string, overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@firm.test`,
    roleId: 'role',
    roleName: 'Fee earner',
    hasTwoStep: false,
    defaultHourlyRate: null,
    timekeeperCode: `TK-${id.slice(0, 3)}`,
    ledesClassification: null,
    costRate: null,
    costRateFrom: null,
    availableHoursPerDay: null,
    isActive: true,
    isOwner: false,
    ...overrides,
  };
}

/** An open hourly matter of one client, as get-matter-view answers it. */
export function matterView(id: string, client: MatterView['client'], overrides: Partial<MatterView> = {}): MatterView {
  return {
    id,
    matterNumber: 'MAT-00001',
    matterName: 'Estate of Babbage',
    matterRate: 'Hourly',
    description: '',
    status: 'Open',
    matterPracticeAreas: [],
    shelfLocation: null,
    clientMatterReference: null,
    matterAssignedToInfos: [],
    matterOpenDate: '2024-01-01',
    matterCloseDate: null,
    hourlyRates: null,
    hourlyRatesActual: [],
    flatRate: null,
    contigencyRate: null,
    contingencyPercentage: null,
    client,
    parties: [],
    customFields: {},
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A conflict check with its decision recorded, as record-decision answers it. */
export function decidedConflictCheck(id: string, overrides: Partial<ConflictCheckRecord> = {}): ConflictCheckRecord {
  return {
    id,
    context: 'client',
    searchedNames: [],
    matchCount: 0,
    matches: [],
    decision: 'no_conflict',
    decisionNotes: null,
    searchedBy: 'Ada Obi',
    clientId: null,
    matterId: null,
    createdAt: '2024-03-15T10:00:00.000Z',
    decidedAt: '2024-03-15T10:01:00.000Z',
    ...overrides,
  };
}

/** A draft invoice in naira with no lines, as get-invoice answers it. */
export function invoiceView(overrides: Partial<Invoice> & Pick<Invoice, 'id' | 'clientId'>): Invoice {
  return {
    invoiceNumber: null,
    status: 'Draft',
    statusLabel: 'Draft',
    clientName: 'Ada Lovelace',
    clientEmail: null,
    clientAddress: null,
    matters: [],
    issueDate: '2026-11-02',
    dueDate: '2026-12-02',
    isOverdue: false,
    discountType: null,
    discountValue: null,
    taxName: 'VAT',
    taxPercent: '7.5',
    taxAppliesTo: 'both',
    notes: null,
    paymentInstructions: null,
    currencySymbol: '₦',
    currencyCode: 'NGN',
    fees: [],
    expenses: [],
    flatFees: [],
    totals: {
      feesSubtotal: '0.00',
      expensesSubtotal: '0.00',
      flatFeesSubtotal: '0.00',
      subtotal: '0.00',
      discountAmount: '0.00',
      taxableAmount: '0.00',
      taxAmount: '0.00',
      total: '0.00',
      paidAmount: '0.00',
      writtenOffAmount: '0.00',
      creditedAmount: '0.00',
      balanceDue: '0.00',
    },
    payments: [],
    withholdingTax: null,
    writeOffs: [],
    creditNotes: [],
    statusHistory: [],
    deliveredDate: null,
    deliveryMethod: null,
    recoverableFromDate: null,
    billOfChargesClock: false,
    sentAt: null,
    approvedAt: null,
    approvedByUserName: null,
    voidedAt: null,
    voidReason: null,
    createdByUserName: 'Grace Hopper',
    createdAt: '2026-11-02T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    canEdit: true,
    needsApproval: true,
    lastRejection: null,
    ...overrides,
  };
}

/** A firm's monthly plan of five seats, as get-subscription-info answers it. */
export function subscriptionInfo(overrides: Partial<SubscriptionInfo> = {}): SubscriptionInfo {
  return {
    id: 'sub-1',
    amount: '0.00',
    currencyId: 1,
    currencyName: 'US Dollar',
    currencySymbol: '$',
    planName: 'Standard',
    planId: 'plan-1',
    allocatedNumberUsers: 5,
    subscriptionStartDate: '01/11/2026',
    subscriptionEndDate: '01/12/2026',
    paymentType: 'Monthly',
    paymentTypeId: 1,
    durationInDays: 30,
    totalNumberUsers: 1,
    subscriptionAmount: '0.00',
    isNGNSubscription: false,
    isCancelled: false,
    cancellationDate: null,
    reactviationDate: null,
    ngnAmount: '0.00',
    rowAmount: '0.00',
    ngnCurrencySymbol: '₦',
    downGradePlanInfo: null,
    nextBillingDate: null,
    nextBillingAmount: null,
    isReadOnly: false,
    pastDueUntil: null,
    renewalMethod: null,
    ...overrides,
  };
}

/** A sent naira invoice of one ₦150,000.50 flat fee, nothing paid, as the portal's get-invoice answers it. */
export function clientInvoiceView(overrides: Partial<PublicInvoice> = {}): PublicInvoice {
  return {
    firm: { name: 'Obi & Co', logo: null, address: null, phone: null, taxNumber: null, accentColour: null, invoiceFooter: null },
    invoiceNumber: 'INV-00012',
    status: 'Sent',
    statusLabel: 'Sent',
    clientName: 'Kemi Adebayo',
    matters: [],
    issueDate: '2026-10-02',
    dueDate: '2026-11-01',
    isOverdue: false,
    discountType: null,
    discountValue: null,
    taxName: null,
    taxPercent: '0',
    notes: null,
    paymentInstructions: null,
    currencySymbol: '₦',
    fees: [],
    expenses: [],
    flatFees: [],
    totals: {
      feesSubtotal: '0.00',
      expensesSubtotal: '0.00',
      flatFeesSubtotal: '150000.50',
      subtotal: '150000.50',
      discountAmount: '0.00',
      taxableAmount: '0.00',
      taxAmount: '0.00',
      total: '150000.50',
      paidAmount: '0.00',
      writtenOffAmount: '0.00',
      creditedAmount: '0.00',
      balanceDue: '150000.50',
    },
    payments: [],
    withholdingTax: null,
    creditNotes: [],
    deliveredDate: null,
    recoverableFromDate: null,
    voidReason: null,
    pdfUrl: '/api/client-portal/download-invoice-pdf/i1',
    ...overrides,
  };
}
