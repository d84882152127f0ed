import {
  subtractMoney,
  type TrustCurrencyBalance,
  type TrustAccount,
  type TrustMovementRequest,
  type TrustTransaction,
} from '@matterhorn/shared';
import type { findMovementRequests, findTrustAccounts, TrustTransactionViewRow } from './trust.repository.ts';
import { maskAccountNumber } from './trust.rules.ts';

/** Rows to the shared answer shapes. */

const iso = (value: Date | string) => new Date(value).toISOString();

export function trustAccountView({
  account,
  currencySymbol,
  clientLedgerCount,
}: Awaited<ReturnType<typeof findTrustAccounts>>[number]): TrustAccount {
  return {
    id: account.id,
    name: account.name,
    bankName: account.bankName,
    accountNumberMasked: maskAccountNumber(account.accountNumberLast4),
    currencyCode: account.currencyCode,
    currencySymbol,
    paymentInstructions: account.paymentInstructions,
    isActive: account.isActive,
    balance: account.balance,
    clearedBalance: account.clearedBalance,
    unclearedBalance: subtractMoney(account.balance, account.clearedBalance),
    clientLedgerCount,
    createdAt: iso(account.createdAt),
  };
}

export function trustTransactionView(view: TrustTransactionViewRow): TrustTransaction {
  const { row } = view;
  return {
    id: row.id,
    number: view.number,
    trustAccountId: row.trustAccountId,
    trustAccountName: view.trustAccountName,
    currencyCode: view.currencyCode,
    currencySymbol: view.currencySymbol,
    clientId: row.clientId,
    clientName: view.clientName,
    matterId: row.matterId,
    matterNumber: view.matterNumber,
    matterName: view.matterName,
    type: row.type,
    direction: row.direction,
    amount: row.amount,
    signedAmount: row.direction === 'in' ? row.amount : `-${row.amount}`,
    date: row.transactionDate,
    method: row.method,
    reference: row.reference,
    counterparty: row.counterparty,
    purpose: row.purpose,
    isCleared: row.isCleared || view.clearedDate !== null,
    clearedDate: view.clearedDate,
    trustRequestId: row.trustRequestId,
    invoiceId: row.invoiceId,
    invoiceNumber: view.invoiceNumber,
    transferId: row.transferId,
    reversesTransactionId: row.reversesTransactionId,
    reversesNumber: view.reversesNumber,
    reversedByTransactionId: view.reversedBy?.id ?? null,
    reversedByNumber: view.reversedBy?.number ?? null,
    reason: row.reason,
    consentNote: row.consentNote,
    createdByUserName: view.createdByUserName,
    approvedByUserName: view.approvedByUserName,
    createdAt: iso(row.createdAt),
  };
}

type MovementRequestViewRow = Awaited<ReturnType<typeof findMovementRequests>>['rows'][number];

export function movementRequestView(view: MovementRequestViewRow): TrustMovementRequest {
  const { row } = view;
  const payload = row.payload as { date?: string; payee?: string | null; purpose?: string | null; invoiceNumber?: string };
  const description =
    row.kind === 'invoice-payment'
      ? `Payment of invoice ${payload.invoiceNumber ?? ''}`.trim()
      : [payload.payee ?? view.clientName, payload.purpose].filter(Boolean).join(': ');
  return {
    id: row.id,
    kind: row.kind,
    trustAccountId: row.trustAccountId,
    trustAccountName: view.trustAccountName,
    currencySymbol: view.currencySymbol,
    clientId: row.clientId,
    clientName: view.clientName,
    matterId: row.matterId,
    matterNumber: view.matterNumber,
    amount: row.amount,
    date: payload.date ?? '',
    description,
    status: row.status,
    requestedByUserId: row.requestedByUserId,
    requestedByUserName: view.requestedByUserName,
    decidedByUserName: view.decidedByUserName,
    decidedAt: row.decidedAt ? iso(row.decidedAt) : null,
    decisionReason: row.decisionReason,
    transactionId: row.transactionId,
    createdAt: iso(row.createdAt),
  };
}

/**
 * A balance answer's fields from its per-currency rows: the single figure only when there is one
 * currency (0.00 when nothing is held), else null beside the list, so no caller adds currencies.
 */
export function balanceFieldsOf(balances: TrustCurrencyBalance[]) {
  const only = balances.length === 1 ? balances[0]! : null;
  const none = balances.length === 0;
  return {
    balances,
    currencyCode: only?.currencyCode ?? null,
    balance: none ? '0.00' : (only?.balance ?? null),
    clearedBalance: none ? '0.00' : (only?.clearedBalance ?? null),
  };
}
