import { computeInvoiceAmounts, type Invoice, type InvoiceLine, type InvoiceLineType, type TaxAppliesTo } from '@matterhorn/shared';

export interface FixtureLine {
  type: InvoiceLineType;
  /** Fees: hours × rate; expenses: quantity × unit cost; flat fees: the fee (rate). */
  hours?: string;
  quantity?: string;
  rate: string;
  amount: string;
  adjustedAmount?: string | null;
  description?: string;
  date?: string;
}

export interface FixtureOptions {
  lines: FixtureLine[];
  discountType?: 'amount' | 'percent' | null;
  discountValue?: string | null;
  taxPercent?: string;
  taxAppliesTo?: TaxAppliesTo;
  paidAmount?: string;
  currencySymbol?: string;
  status?: Invoice['status'];
}

/** An invoice detail as the API returns it, its figures from the one shared computation. */
export function buildInvoiceFixture(options: FixtureOptions): Invoice {
  const amounts = computeInvoiceAmounts({
    lines: options.lines.map((line) => ({ type: line.type, amount: line.amount, adjustedAmount: line.adjustedAmount ?? null })),
    discountType: options.discountType ?? null,
    discountValue: options.discountValue ?? null,
    taxPercent: options.taxPercent ?? '0',
    taxAppliesTo: options.taxAppliesTo ?? 'both',
    paidAmount: options.paidAmount ?? '0',
  });
  const lines: InvoiceLine[] = options.lines.map((line, index) => ({
    id: `line-${index + 1}`,
    itemType: line.type,
    itemId: `item-${index + 1}`,
    lineDate: line.date ?? `2026-10-${String((index % 28) + 1).padStart(2, '0')}`,
    matterId: 'matter-1',
    matterName: 'Okafor v. Lagos Properties',
    matterNumber: 'M-00042',
    feeEarnerId: line.type === 'expense' ? null : 'user-1',
    feeEarnerName: line.type === 'expense' ? null : 'Ada Obi',
    description: line.description ?? `${line.type} line ${index + 1}`,
    hours: line.type === 'fee' ? (line.hours ?? '1.0000') : null,
    rate: line.rate,
    quantity: line.type === 'expense' ? (line.quantity ?? '1.0000') : line.type === 'flatFee' ? '1' : null,
    itemAmount: line.amount,
    amount: amounts.lines[index]!.amount,
    adjustment: amounts.lines[index]!.adjustment,
    adjustmentReason: amounts.lines[index]!.adjustment === '0.00' ? null : 'Courtesy write-down',
    utbmsTaskCode: line.type === 'fee' ? 'L110' : null,
    utbmsActivityCode: line.type === 'fee' ? 'A101' : null,
    utbmsExpenseCode: line.type === 'expense' ? 'E101' : null,
    sortOrder: index,
    creditNoteNumber: null,
  }));
  const status = options.status ?? 'Sent';
  return {
    id: '00000000-0000-4000-8000-000000000001',
    invoiceNumber: 'INV-00007',
    status,
    statusLabel: status,
    clientId: '00000000-0000-4000-8000-0000000000c1',
    clientName: 'Chidi Okafor',
    clientEmail: 'chidi@example.com',
    clientAddress: '12 Marina Road\nLagos',
    matters: [{ id: 'matter-1', name: 'Okafor v. Lagos Properties', matterNumber: 'M-00042' }],
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    isOverdue: false,
    discountType: options.discountType ?? null,
    discountValue: options.discountValue ?? null,
    taxName: 'VAT',
    taxPercent: options.taxPercent ?? '0',
    taxAppliesTo: options.taxAppliesTo ?? 'both',
    notes: 'Thank you for your instructions.',
    paymentInstructions: 'Pay to Zenith Bank 1234567890',
    currencySymbol: options.currencySymbol ?? '$',
    currencyCode: 'USD',
    fees: lines.filter((line) => line.itemType === 'fee'),
    expenses: lines.filter((line) => line.itemType === 'expense'),
    flatFees: lines.filter((line) => line.itemType === 'flatFee'),
    totals: amounts.totals,
    payments: [],
    withholdingTax: null,
    writeOffs: [],
    creditNotes: [],
    statusHistory: [],
    deliveredDate: '2026-11-02',
    deliveryMethod: 'email',
    recoverableFromDate: '2026-12-02',
    billOfChargesClock: true,
    sentAt: '2026-11-02T10:00:00.000Z',
    approvedAt: null,
    approvedByUserName: null,
    voidedAt: null,
    voidReason: null,
    lastRejection: null,
    createdByUserName: 'Ada Obi',
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    canEdit: false,
    needsApproval: false,
  };
}
