import {
  addMoney,
  compareMoney,
  roundMoney,
  subtractMoney,
  TRUST_MESSAGES,
  TRUST_REQUEST_STATUS_LABELS,
  type PortalTrustRequest,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import {
  findClientSentTrustRequests,
  findMatterResponsible,
  findOpenTopUpRequest,
  findOpenTrustAccountIn,
  insertTrustRequest,
  lockTrustRequest,
  updateTrustRequest,
  type TrustRequestRow,
} from './trust-requests.repository.ts';

/**
 * The trust-requests module's surface for the trust ledger: a deposit settles the request it is
 * recorded against (and its reversal unsettles it), and an evergreen retainer's shortfall drafts a
 * top-up request. Each runs in the movement's own transaction.
 */

type Ledger = { trustAccountId: string; clientId: string; matterId: string | null };

export const formatTrustRequestNumber = (value: number) => `TRQ-${String(value).padStart(5, '0')}`;

/** What a request still asks for: its amount less what was paid against it, never below zero. */
export function trustRequestBalanceDue(amount: string, paidAmount: string): string {
  const balance = subtractMoney(amount, paidAmount);
  return compareMoney(balance, '0') < 0 ? '0.00' : roundMoney(balance);
}

/**
 * The client portal's read: the client's requests that were sent to them, with where to pay and the
 * reference to quote (the request number); one request when named (none: not the client's, or not sent).
 */
export async function findClientTrustRequestsToPay(
  tx: Tx,
  firmId: string,
  clientId: string,
  trustRequestId?: string,
): Promise<(PortalTrustRequest & { trustAccountId: string })[]> {
  const rows = await findClientSentTrustRequests(tx, firmId, clientId, trustRequestId);
  return rows.map((row) => ({
    id: row.id,
    trustAccountId: row.trustAccountId,
    requestNumber: row.requestNumber,
    status: row.status,
    statusLabel: TRUST_REQUEST_STATUS_LABELS[row.status],
    matterId: row.matterId,
    matterName: row.matterName,
    currencySymbol: row.currencySymbol,
    amount: row.amount,
    paidAmount: row.paidAmount,
    balanceDue: trustRequestBalanceDue(row.amount, row.paidAmount),
    dueDate: row.dueDate,
    note: row.note,
    bank: {
      accountName: row.bankAccountName,
      bankName: row.bankName,
      accountNumberMasked: `••••${row.accountNumberLast4}`,
      paymentInstructions: row.paymentInstructions,
    },
    reference: row.requestNumber,
  }));
}

const statusAfterPayment = (amount: string, paidAmount: string) =>
  compareMoney(paidAmount, amount) >= 0
    ? ('Paid' as const)
    : compareMoney(paidAmount, '0') > 0
      ? ('PartlyPaid' as const)
      : ('Sent' as const);

async function recordPaid(tx: Tx, principal: FirmPrincipal, request: TrustRequestRow, paidAmount: string, transactionId: string) {
  const status = request.status === 'Cancelled' ? request.status : statusAfterPayment(request.amount, paidAmount);
  await updateTrustRequest(tx, principal.firmId, request.id, { paidAmount, status });
  await recordAuditEvent(tx, principal, 'trustRequest.paid', request.id, {
    requestNumber: request.requestNumber,
    transactionId,
    before: { paidAmount: request.paidAmount, status: request.status },
    after: { paidAmount, status },
  });
}

/** A deposit against a sent request: the request's paid amount grows; Paid once it reaches the amount asked. */
export async function applyDepositToTrustRequest(
  tx: Tx,
  principal: FirmPrincipal,
  trustRequestId: string,
  deposit: Ledger & { amount: string; transactionId: string },
): Promise<void> {
  const request = await lockTrustRequest(tx, principal.firmId, trustRequestId);
  if (!request) throw notFound('Trust request');
  if (
    request.trustAccountId !== deposit.trustAccountId ||
    request.clientId !== deposit.clientId ||
    (request.matterId !== null && request.matterId !== deposit.matterId)
  )
    throw badRequest(TRUST_MESSAGES.requestNotOfLedger, { trustRequestId: TRUST_MESSAGES.requestNotOfLedger });
  if (request.status !== 'Sent' && request.status !== 'PartlyPaid') throw conflict(TRUST_MESSAGES.requestNotOpen);
  await recordPaid(tx, principal, request, addMoney(request.paidAmount, deposit.amount), deposit.transactionId);
}

/** A reversed deposit no longer counts towards its request. */
export async function reverseDepositOnTrustRequest(
  tx: Tx,
  principal: FirmPrincipal,
  trustRequestId: string,
  reversal: { amount: string; transactionId: string },
): Promise<void> {
  const request = await lockTrustRequest(tx, principal.firmId, trustRequestId);
  if (!request) return;
  await recordPaid(tx, principal, request, subtractMoney(request.paidAmount, reversal.amount), reversal.transactionId);
}

/**
 * An evergreen retainer fell below its minimum: draft a request for the shortfall, for the matter's
 * responsible fee earner, unless a top-up request of the matter is already open.
 */
export async function draftTopUpTrustRequest(
  tx: Tx,
  principal: FirmPrincipal,
  ledger: Ledger & { matterId: string },
  shortfall: { minimumBalance: string; balance: string; today: string },
): Promise<string | null> {
  if (await findOpenTopUpRequest(tx, principal.firmId, ledger.matterId)) return null;
  const matter = await findMatterResponsible(tx, principal.firmId, ledger.matterId);
  const amount = subtractMoney(shortfall.minimumBalance, shortfall.balance);
  const requestNumber = formatTrustRequestNumber(await takeNextNumber(tx, principal.firmId, 'trustRequest'));
  const id = await insertTrustRequest(tx, {
    firmId: principal.firmId,
    requestNumber,
    trustAccountId: ledger.trustAccountId,
    clientId: ledger.clientId,
    matterId: ledger.matterId,
    amount,
    dueDate: shortfall.today,
    note: `Top-up of the evergreen retainer on ${matter.matterNumber ?? 'the matter'} to its minimum trust balance of ${shortfall.minimumBalance}`,
    status: 'Draft',
    isTopUp: true,
    assignedUserId: matter.responsibleUserId ?? principal.userId,
    createdByUserId: principal.userId,
  });
  await recordAuditEvent(tx, principal, 'trustRequest.toppedUp', id, { requestNumber, amount, matterId: ledger.matterId });
  return id;
}

/**
 * A retainer asked of a client opened from a lead (issue 45), in the caller's transaction: a Draft
 * request on the matter, in the firm's open trust account of the retainer's currency, due in 7 days,
 * for the responsible fee earner. Sending it (its public link emailed) is the trust-requests service's
 * send, as for any request. null: the firm has no open trust account in that currency.
 */
export async function draftRetainerRequest(
  tx: Tx,
  principal: FirmPrincipal,
  retainer: { clientId: string; matterId: string; currencyCode: string; amount: string; note: string; assignedUserId: string },
): Promise<string | null> {
  const account = await findOpenTrustAccountIn(tx, principal.firmId, retainer.currencyCode);
  if (!account) return null;
  const today = new Date(`${await findFirmToday(tx, principal.firmId)}T00:00:00Z`);
  const dueDate = new Date(today.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  const requestNumber = formatTrustRequestNumber(await takeNextNumber(tx, principal.firmId, 'trustRequest'));
  const id = await insertTrustRequest(tx, {
    firmId: principal.firmId,
    requestNumber,
    trustAccountId: account.id,
    clientId: retainer.clientId,
    matterId: retainer.matterId,
    amount: roundMoney(retainer.amount),
    dueDate,
    note: retainer.note,
    status: 'Draft',
    assignedUserId: retainer.assignedUserId,
    createdByUserId: principal.userId,
  });
  await recordAuditEvent(tx, principal, 'trustRequest.created', id, {
    requestNumber,
    amount: retainer.amount,
    clientId: retainer.clientId,
  });
  return id;
}
