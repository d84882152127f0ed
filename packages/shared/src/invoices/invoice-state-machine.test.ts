import { describe, expect, it } from 'vitest';
import { isKnownPermission } from '../permissions/permission-names.ts';
import { INVOICE_MESSAGES, type InvoiceStatus } from './invoice.schemas.ts';
import { CREDIT_NOTE_MESSAGES } from './credit-note.schemas.ts';
import {
  allowedInvoiceActions,
  canTakeInvoiceAction,
  INVOICE_ACTIONS,
  INVOICE_TRANSITIONS,
  invoiceActionRefusal,
  type InvoiceAction,
  type InvoiceFacts,
} from './invoice-state-machine.ts';

const facts = (status: InvoiceStatus, overrides: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  status,
  isNumbered: status !== 'Draft',
  needsApproval: true,
  paidAmount: '0.00',
  balanceDue: status === 'Paid' || status === 'Void' ? '0.00' : '100.00',
  ...overrides,
});

/** What an administrator is offered, written out by hand from ADR 0022 (not from the table). */
describe('the invoice state table: what each state allows', () => {
  it.each<[string, InvoiceFacts, InvoiceAction[]]>([
    ['a fresh draft, approval required', facts('Draft'), ['edit', 'delete', 'submit']],
    ['a fresh draft, no approval', facts('Draft', { needsApproval: false }), ['edit', 'delete', 'approve', 'send']],
    ['a rejected (numbered) draft', facts('Draft', { isNumbered: true }), ['edit', 'submit', 'void']],
    [
      'a rejected draft, approval since turned off',
      facts('Draft', { isNumbered: true, needsApproval: false }),
      ['edit', 'approve', 'send', 'void'],
    ],
    ['awaiting approval', facts('AwaitingApproval'), ['approve', 'reject', 'void']],
    ['approved', facts('Approved'), ['send', 'markDelivered', 'recordPayment', 'writeOff', 'reversePayment', 'creditNote', 'void']],
    [
      'approved, nothing due (an invoice of nothing)',
      facts('Approved', { balanceDue: '0.00' }),
      ['send', 'markDelivered', 'reversePayment', 'creditNote', 'void'],
    ],
    ['sent', facts('Sent'), ['send', 'markDelivered', 'recordPayment', 'writeOff', 'reversePayment', 'creditNote', 'void']],
    [
      'sent, credited in part',
      facts('Sent', { creditNoteCount: 1, creditableLineCount: 2 }),
      ['send', 'markDelivered', 'recordPayment', 'writeOff', 'reversePayment', 'creditNote'],
    ],
    [
      'paid by credit notes, every line credited',
      facts('Paid', { creditNoteCount: 2, creditableLineCount: 0 }),
      ['send', 'markDelivered', 'reversePayment'],
    ],
    [
      'partly paid',
      facts('PartlyPaid', { paidAmount: '40.00', balanceDue: '60.00' }),
      ['send', 'markDelivered', 'recordPayment', 'writeOff', 'reversePayment', 'creditNote'],
    ],
    ['paid', facts('Paid', { paidAmount: '100.00' }), ['send', 'markDelivered', 'reversePayment', 'creditNote']],
    [
      'paid by writing the rest off',
      facts('Paid', { paidAmount: '0.00' }),
      ['send', 'markDelivered', 'reversePayment', 'creditNote', 'void'],
    ],
    ['void', facts('Void'), []],
  ])('%s', (_label, invoice, expected) => {
    const allowed = allowedInvoiceActions(invoice, ['administrator']);
    expect(INVOICE_ACTIONS.filter((action) => allowed[action]).sort()).toEqual([...expected].sort());
  });
});

describe('the invoice state table: why a refused action is refused', () => {
  it.each<[InvoiceAction, InvoiceFacts, string]>([
    ['void', facts('PartlyPaid', { paidAmount: '40.00', balanceDue: '60.00' }), INVOICE_MESSAGES.voidWithPayments],
    ['void', facts('Draft', { isNumbered: false }), INVOICE_MESSAGES.draftVoid],
    ['void', facts('Void'), INVOICE_MESSAGES.alreadyVoid],
    ['edit', facts('Sent'), INVOICE_MESSAGES.notDraft],
    ['delete', facts('Approved'), INVOICE_MESSAGES.notDraftDelete],
    ['delete', facts('Draft', { isNumbered: true }), INVOICE_MESSAGES.numberedDraftDelete],
    ['submit', facts('Draft', { needsApproval: false }), INVOICE_MESSAGES.approvalOff],
    ['submit', facts('AwaitingApproval'), INVOICE_MESSAGES.notDraftSubmit],
    ['approve', facts('Draft'), INVOICE_MESSAGES.submitFirst],
    ['approve', facts('Sent'), INVOICE_MESSAGES.notAwaitingApproval],
    ['reject', facts('Draft'), INVOICE_MESSAGES.notAwaitingApprovalReject],
    ['send', facts('Void'), INVOICE_MESSAGES.cannotSend],
    ['send', facts('AwaitingApproval'), INVOICE_MESSAGES.needsApproval],
    ['send', facts('Draft'), INVOICE_MESSAGES.needsApproval],
    ['markDelivered', facts('Draft'), INVOICE_MESSAGES.notIssued],
    ['recordPayment', facts('Paid', { paidAmount: '100.00' }), INVOICE_MESSAGES.overpayment],
    ['recordPayment', facts('AwaitingApproval'), INVOICE_MESSAGES.notIssued],
    ['recordPayment', facts('Sent', { balanceDue: '0.00' }), INVOICE_MESSAGES.nothingDue],
    ['writeOff', facts('Paid'), INVOICE_MESSAGES.notIssued],
    ['reversePayment', facts('Draft'), INVOICE_MESSAGES.notIssued],
    ['creditNote', facts('AwaitingApproval'), INVOICE_MESSAGES.notIssued],
    ['creditNote', facts('Sent', { creditableLineCount: 0 }), CREDIT_NOTE_MESSAGES.nothingToCredit],
    ['void', facts('Sent', { creditNoteCount: 1 }), CREDIT_NOTE_MESSAGES.creditNotesExist],
  ])('%s from %j', (action, invoice, refusal) => {
    expect(invoiceActionRefusal(action, invoice)).toBe(refusal);
  });
});

describe('the invoice state table: who may take each action (SPEC.md §6)', () => {
  it('names a SPEC.md permission for every action, as ADR 0022 lists them', () => {
    expect(Object.fromEntries(INVOICE_ACTIONS.map((action) => [action, INVOICE_TRANSITIONS[action].permission]))).toEqual({
      edit: 'invoice.edit',
      delete: 'invoice.delete',
      submit: 'invoice.edit',
      approve: 'invoice.approve',
      reject: 'invoice.approve',
      send: 'invoice.edit',
      markDelivered: 'invoice.edit',
      recordPayment: 'paymentInfo.create',
      writeOff: 'invoice.approve',
      reversePayment: 'paymentInfo.delete',
      creditNote: 'invoice.approve',
      void: 'invoice.delete',
    });
    for (const action of INVOICE_ACTIONS) expect(isKnownPermission(INVOICE_TRANSITIONS[action].permission), action).toBe(true);
  });

  it.each<[InvoiceAction, InvoiceFacts, string[], boolean]>([
    ['approve', facts('AwaitingApproval'), ['invoice', 'invoice.edit'], false],
    ['approve', facts('AwaitingApproval'), ['invoice', 'invoice.approve'], true],
    ['void', facts('Sent'), ['invoice', 'invoice.edit'], false],
    ['void', facts('Sent'), ['invoice', 'invoice.delete'], true],
    ['writeOff', facts('Sent'), ['invoice', 'invoice.edit'], false],
    ['writeOff', facts('Sent'), ['invoice', 'invoice.approve'], true],
    ['recordPayment', facts('Sent'), ['invoice'], false],
    ['recordPayment', facts('Sent'), ['paymentInfo.create'], true],
    // The permission never makes a refused state allowed.
    ['void', facts('PartlyPaid', { paidAmount: '1.00' }), ['administrator'], false],
  ])('%s on %j with %j: %s', (action, invoice, held, expected) => {
    expect(canTakeInvoiceAction(action, invoice, held)).toBe(expected);
  });
});
