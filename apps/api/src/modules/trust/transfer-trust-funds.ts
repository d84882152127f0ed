import { randomUUID } from 'node:crypto';
import { subtractMoney, TRUST_MESSAGES, type TrustTransferResult } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  accountOf,
  afterMoneyLeft,
  checkFunds,
  insertMovement,
  inTrustTransaction,
  ledgerOf,
  movementViewOf,
  type TransferInput,
} from './trust-movement-steps.ts';
import { trustTransferEntry } from './trust.postings.ts';
import { ledgerPlace } from './trust.rules.ts';

/** A transfer between two ledgers of one trust account (to another client only with the client's recorded consent). */
export const transferTrustFunds = (database: Database, principal: FirmPrincipal, input: TransferInput): Promise<TrustTransferResult> =>
  inTrustTransaction(database, principal, async (tx) => {
    const account = await accountOf(tx, principal.firmId, input.trustAccountId);
    if (!account.isActive) throw conflict(TRUST_MESSAGES.accountInactive, 'TRUST_ACCOUNT_INACTIVE');
    const from = await ledgerOf(tx, principal.firmId, input.fromClientId, input.fromMatterId, 'fromMatterId');
    const to = await ledgerOf(tx, principal.firmId, input.toClientId, input.toMatterId, 'toMatterId');
    if (from.clientId === to.clientId && from.matterId === to.matterId)
      throw badRequest(TRUST_MESSAGES.sameLedger, { toMatterId: TRUST_MESSAGES.sameLedger });
    if (from.clientId !== to.clientId && !input.consentNote)
      throw badRequest(TRUST_MESSAGES.consentRequired, { consentNote: TRUST_MESSAGES.consentRequired });
    const funds = await checkFunds(tx, principal.firmId, account, from, input.amount);
    const transferId = randomUUID();
    const journalEntryId = await postJournalEntry(tx, principal, {
      ...trustTransferEntry(account, from, to, { transferId, amount: input.amount, date: input.date, reason: input.reason }),
      dateField: 'date',
    });
    const common = {
      amount: input.amount,
      transactionDate: input.date,
      transferId,
      reason: input.reason,
      consentNote: input.consentNote,
      journalEntryId,
    };
    const outId = await insertMovement(tx, principal, account, from, {
      ...common,
      type: 'transfer-out',
      direction: 'out',
      counterparty: `${to.clientName} — ${ledgerPlace(to.matterNumber)}`,
    });
    const inId = await insertMovement(tx, principal, account, to, {
      ...common,
      type: 'transfer-in',
      direction: 'in',
      counterparty: `${from.clientName} — ${ledgerPlace(from.matterNumber)}`,
    });
    await recordAuditEvent(tx, principal, 'trustTransaction.transferred', outId, {
      transferId,
      trustAccountId: account.id,
      from: { clientId: from.clientId, matterId: from.matterId },
      to: { clientId: to.clientId, matterId: to.matterId },
      amount: input.amount,
      reason: input.reason,
      consentNote: input.consentNote,
    });
    const today = await findFirmToday(tx, principal.firmId);
    await afterMoneyLeft(tx, principal, account, from, subtractMoney(funds.balance, input.amount), today);
    return { out: await movementViewOf(tx, principal.firmId, outId), in: await movementViewOf(tx, principal.firmId, inId) };
  });
