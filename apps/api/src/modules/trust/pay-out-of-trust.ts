import { randomUUID } from 'node:crypto';
import { subtractMoney, TRUST_MESSAGES } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  accountOf,
  afterMoneyLeft,
  type Approval,
  checkFunds,
  type DisburseInput,
  insertMovement,
  ledgerOf,
  movementViewOf,
  type RefundInput,
  requesterOf,
} from './trust-movement-steps.ts';
import { trustPayOutEntry } from './trust.postings.ts';

/** A disbursement to a third party or a refund to the client, out of one client's ledger. */
export async function postDisbursement(
  tx: Tx,
  principal: FirmPrincipal,
  input: DisburseInput | RefundInput,
  kind: 'disbursement' | 'refund',
  approval: Approval,
) {
  const account = await accountOf(tx, principal.firmId, input.trustAccountId);
  if (!account.isActive) throw conflict(TRUST_MESSAGES.accountInactive, 'TRUST_ACCOUNT_INACTIVE');
  const ledger = await ledgerOf(tx, principal.firmId, input.clientId, input.matterId);
  const funds = await checkFunds(tx, principal.firmId, account, ledger, input.amount);
  const payee = input.payee ?? ledger.clientName;
  const transactionId = randomUUID();
  const journalEntryId = await postJournalEntry(tx, principal, {
    ...trustPayOutEntry(account, ledger, { kind, transactionId, amount: input.amount, date: input.date, payee, purpose: input.purpose }),
    dateField: 'date',
  });
  await insertMovement(tx, principal, account, ledger, {
    id: transactionId,
    type: kind,
    direction: 'out',
    amount: input.amount,
    transactionDate: input.date,
    method: input.method ?? null,
    reference: input.reference,
    counterparty: payee,
    purpose: input.purpose,
    journalEntryId,
    createdByUserId: approval ? await requesterOf(tx, principal, approval) : principal.userId,
    approvedByUserId: approval?.approvedByUserId ?? null,
    movementRequestId: approval?.movementRequestId ?? null,
  });
  await recordAuditEvent(tx, principal, kind === 'refund' ? 'trustTransaction.refunded' : 'trustTransaction.disbursed', transactionId, {
    trustAccountId: account.id,
    clientId: ledger.clientId,
    matterId: ledger.matterId,
    amount: input.amount,
    payee,
    before: { balance: funds.balance },
    after: { balance: subtractMoney(funds.balance, input.amount) },
  });
  const today = await findFirmToday(tx, principal.firmId);
  await afterMoneyLeft(tx, principal, account, ledger, subtractMoney(funds.balance, input.amount), today);
  return movementViewOf(tx, principal.firmId, transactionId);
}
