import { compareMoney } from './invoice-amounts.ts';
import { hasPermissions } from '../permissions/check-permissions.ts';
import { INVOICE_MESSAGES, INVOICE_STATUSES, type InvoiceStatus } from './invoice.schemas.ts';
import { CREDIT_NOTE_MESSAGES } from './credit-note.schemas.ts';

/**
 * The invoice state machine, said once (ADR 0022): for every action, who may take it (a SPEC.md §6
 * permission), from which statuses, and why it is refused otherwise. The API refuses with the
 * sentence this table gives and declares each route's permission from it; the web offers a button
 * only when the table allows it, so the two cannot disagree.
 */

/** What the rules read of an invoice and its firm. */
export type InvoiceFacts = {
  status: InvoiceStatus;
  /** It holds a number: it left Draft once (a draft rejected after submission keeps its number). */
  isNumbered: boolean;
  /** The firm requires approval before an invoice is issued. */
  needsApproval: boolean;
  paidAmount: string;
  balanceDue: string;
  /** Lines no credit note has credited yet (left out where the caller did not read them: not checked). */
  creditableLineCount?: number;
  /** Credit notes issued against it (left out where the caller did not read them: not checked). */
  creditNoteCount?: number;
};

/** Issued: a receivable, posted to the ledger (approved, or sent straight from a draft), not void. */
export const ISSUED_INVOICE_STATUSES = ['Approved', 'Sent', 'PartlyPaid', 'Paid'] as const satisfies readonly InvoiceStatus[];
export const isIssuedInvoice = (status: string) => (ISSUED_INVOICE_STATUSES as readonly string[]).includes(status);

/** Issued with money possibly due: what takes a payment or a write-off. */
const OPEN: readonly InvoiceStatus[] = ['Approved', 'Sent', 'PartlyPaid'];

type Guard = { holds: (facts: InvoiceFacts) => boolean; refusal: string };

export type InvoiceTransition = {
  /** The SPEC.md §6 permission the call needs (the route declares it from here). */
  permission: 'invoice.edit' | 'invoice.delete' | 'invoice.approve' | 'paymentInfo.create' | 'paymentInfo.delete';
  /** The statuses it may start from. */
  from: readonly InvoiceStatus[];
  /** Where it leaves the invoice, in words (the server works out the money-driven ones). */
  to: string;
  /** The refusal from any other status. */
  notFrom: (status: InvoiceStatus) => string;
  /** Further conditions, checked in order once the status allows it. */
  guards: readonly Guard[];
};

const hasNothingDue: Guard = { holds: (facts) => compareMoney(facts.balanceDue, '0') > 0, refusal: INVOICE_MESSAGES.nothingDue };

export const INVOICE_TRANSITIONS = {
  edit: {
    permission: 'invoice.edit',
    from: ['Draft'],
    to: 'Draft',
    notFrom: () => INVOICE_MESSAGES.notDraft,
    guards: [],
  },
  delete: {
    permission: 'invoice.delete',
    from: ['Draft'],
    to: '(deleted)',
    notFrom: () => INVOICE_MESSAGES.notDraftDelete,
    guards: [{ holds: (facts) => !facts.isNumbered, refusal: INVOICE_MESSAGES.numberedDraftDelete }],
  },
  submit: {
    permission: 'invoice.edit',
    from: ['Draft'],
    to: 'AwaitingApproval',
    notFrom: () => INVOICE_MESSAGES.notDraftSubmit,
    guards: [{ holds: (facts) => facts.needsApproval, refusal: INVOICE_MESSAGES.approvalOff }],
  },
  approve: {
    permission: 'invoice.approve',
    from: ['AwaitingApproval', 'Draft'],
    to: 'Approved',
    notFrom: () => INVOICE_MESSAGES.notAwaitingApproval,
    guards: [{ holds: (facts) => facts.status !== 'Draft' || !facts.needsApproval, refusal: INVOICE_MESSAGES.submitFirst }],
  },
  reject: {
    permission: 'invoice.approve',
    from: ['AwaitingApproval'],
    to: 'Draft',
    notFrom: () => INVOICE_MESSAGES.notAwaitingApprovalReject,
    guards: [],
  },
  send: {
    permission: 'invoice.edit',
    from: ['Draft', 'Approved', 'Sent', 'PartlyPaid', 'Paid'],
    to: 'Sent (a paid or partly paid invoice keeps its status)',
    notFrom: (status) => (status === 'Void' ? INVOICE_MESSAGES.cannotSend : INVOICE_MESSAGES.needsApproval),
    guards: [{ holds: (facts) => facts.status !== 'Draft' || !facts.needsApproval, refusal: INVOICE_MESSAGES.needsApproval }],
  },
  markDelivered: {
    permission: 'invoice.edit',
    from: ISSUED_INVOICE_STATUSES,
    to: '(same; records the delivery date)',
    notFrom: () => INVOICE_MESSAGES.notIssued,
    guards: [],
  },
  recordPayment: {
    permission: 'paymentInfo.create',
    from: OPEN,
    to: 'PartlyPaid or Paid',
    notFrom: (status) => (status === 'Paid' ? INVOICE_MESSAGES.overpayment : INVOICE_MESSAGES.notIssued),
    guards: [hasNothingDue],
  },
  writeOff: {
    // Giving up money owed is an approver's decision (issue 36), not the preparer's: the same permission as issuing.
    permission: 'invoice.approve',
    from: OPEN,
    to: 'recomputed from its money (Paid when nothing is due)',
    notFrom: () => INVOICE_MESSAGES.notIssued,
    guards: [hasNothingDue],
  },
  reversePayment: {
    permission: 'paymentInfo.delete',
    from: ISSUED_INVOICE_STATUSES,
    to: 'recomputed from its money',
    notFrom: () => INVOICE_MESSAGES.notIssued,
    guards: [],
  },
  creditNote: {
    permission: 'invoice.approve',
    from: ISSUED_INVOICE_STATUSES,
    to: 'recomputed from its money (Paid when nothing is due); a credit beyond the balance due is the client’s credit',
    notFrom: () => INVOICE_MESSAGES.notIssued,
    guards: [{ holds: (facts) => (facts.creditableLineCount ?? 1) > 0, refusal: CREDIT_NOTE_MESSAGES.nothingToCredit }],
  },
  void: {
    permission: 'invoice.delete',
    from: INVOICE_STATUSES.filter((status) => status !== 'Void'),
    to: 'Void',
    notFrom: () => INVOICE_MESSAGES.alreadyVoid,
    guards: [
      { holds: (facts) => facts.status !== 'Draft' || facts.isNumbered, refusal: INVOICE_MESSAGES.draftVoid },
      { holds: (facts) => compareMoney(facts.paidAmount, '0') === 0, refusal: INVOICE_MESSAGES.voidWithPayments },
      { holds: (facts) => (facts.creditNoteCount ?? 0) === 0, refusal: CREDIT_NOTE_MESSAGES.creditNotesExist },
    ],
  },
} as const satisfies Record<string, InvoiceTransition>;

export type InvoiceAction = keyof typeof INVOICE_TRANSITIONS;
export const INVOICE_ACTIONS = Object.keys(INVOICE_TRANSITIONS) as InvoiceAction[];

/** Why the invoice cannot take the action in its state, or null when it can (permissions aside). */
export function invoiceActionRefusal(action: InvoiceAction, facts: InvoiceFacts): string | null {
  const transition: InvoiceTransition = INVOICE_TRANSITIONS[action];
  if (!transition.from.includes(facts.status)) return transition.notFrom(facts.status);
  return transition.guards.find((guard) => !guard.holds(facts))?.refusal ?? null;
}

/** Whether someone holding these permissions may take the action on the invoice now. */
export const canTakeInvoiceAction = (action: InvoiceAction, facts: InvoiceFacts, held: readonly string[]) =>
  hasPermissions(held, [INVOICE_TRANSITIONS[action].permission]) && invoiceActionRefusal(action, facts) === null;

/** Every action, allowed or not, for these permissions: what the invoice view offers. */
export function allowedInvoiceActions(facts: InvoiceFacts, held: readonly string[]): Record<InvoiceAction, boolean> {
  return Object.fromEntries(INVOICE_ACTIONS.map((action) => [action, canTakeInvoiceAction(action, facts, held)])) as Record<
    InvoiceAction,
    boolean
  >;
}
