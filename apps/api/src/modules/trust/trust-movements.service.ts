import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  subtractMoney,
  TRUST_MESSAGES,
  TRUST_PAYMENT_METHOD,
  type depositSchema,
  type disburseSchema,
  type payInvoiceFromTrustSchema,
  type refundSchema,
  type transferSchema,
  type TrustMovementResult,
  type TrustTransaction,
  type TrustTransferResult,
} from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { trustTransactions } from '../../db/schema/index.ts';
import { isCheckViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent, type AuditEvent } from '../../platform/audit/audit.ts';
import { postJournalEntry, reverseJournalEntry, type JournalLine } from '../../platform/ledger/ledger.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import { lockInvoiceForPayment, postInvoicePayment, reverseTrustPayment } from '../invoices/invoices.api.ts';
import { applyDepositToTrustRequest, draftTopUpTrustRequest, reverseDepositOnTrustRequest } from '../trust-requests/trust-requests.api.ts';
import {
  findClientReference,
  findFirmToday,
  findLedgerBalance,
  findMatterMinimum,
  findMatterReference,
  findMovementRequests,
  findTransactionRow,
  findTransactionViews,
  findTransferLegs,
  findTrustSettings,
  insertClearance,
  insertMovementRequest,
  insertTrustTransaction,
  isCleared,
  isReversed,
  lockMovementRequest,
  lockTrustAccount,
  updateMovementRequest,
  type LockedTrustAccount,
  type TrustTransactionRow,
} from './trust.repository.ts';
import { ledgerPlace, needsCashReview, needsSecondPerson, refusalOf, topUpNeeded } from './trust.rules.ts';
import { movementRequestView, trustTransactionView } from './trust.views.ts';

type DepositInput = z.output<typeof depositSchema>;
type DisburseInput = z.output<typeof disburseSchema>;
type RefundInput = z.output<typeof refundSchema>;
type PayInvoiceInput = z.output<typeof payInvoiceFromTrustSchema>;

/**
 * The ledger an invoice is paid from: its own matter's (chosen, or its only one), or the client's
 * general ledger when asked for by name. Never a matter the invoice is not for (ABA Model Rule 1.15:
 * one matter's funds are not another's), and never general funds by default.
 */
function invoiceFundsOf(invoiceMatterIds: readonly string[], input: PayInvoiceInput): string | null {
  if (input.fromGeneralFunds) {
    if (input.matterId) throw badRequest(TRUST_MESSAGES.generalFundsWithMatter);
    return null;
  }
  const matterId = input.matterId ?? (invoiceMatterIds.length === 1 ? invoiceMatterIds[0]! : null);
  if (!matterId) throw badRequest(TRUST_MESSAGES.chooseInvoiceFunds);
  if (!invoiceMatterIds.includes(matterId)) throw badRequest(TRUST_MESSAGES.notInvoiceMatter);
  return matterId;
}
type TransferInput = z.output<typeof transferSchema>;

/** A ledger: one client's funds in one trust account, for one matter or held generally (matter null). */
type LedgerRef = { clientId: string; clientName: string; matterId: string | null; matterNumber: string | null };

type Movement = Omit<
  typeof trustTransactions.$inferInsert,
  'firmId' | 'sequenceNumber' | 'trustAccountId' | 'clientId' | 'matterId' | 'createdByUserId' | 'createdAt'
> & { createdByUserId?: string };

/** A movement that left trust on approval carries who approved it and the request it carried out. */
type Approval = { approvedByUserId: string; movementRequestId: string } | null;

export type TrustMovementService = ReturnType<typeof createTrustMovementService>;

export function createTrustMovementService(database: Database) {
  // ---- references, each the firm's own (another firm's id answers "not found")

  async function accountOf(tx: Tx, firmId: string, trustAccountId: string) {
    const account = await lockTrustAccount(tx, firmId, trustAccountId);
    if (!account) throw notFound('Trust account');
    return account;
  }

  async function ledgerOf(tx: Tx, firmId: string, clientId: string, matterId: string | null, field = 'matterId'): Promise<LedgerRef> {
    const client = await findClientReference(tx, firmId, clientId);
    if (!client) throw notFound('Client');
    if (!matterId) return { clientId, clientName: client.name, matterId: null, matterNumber: null };
    const matter = await findMatterReference(tx, firmId, matterId);
    if (!matter) throw notFound('Matter');
    if (matter.clientId !== clientId) throw badRequest(TRUST_MESSAGES.matterNotOfClient, { [field]: TRUST_MESSAGES.matterNotOfClient });
    return { clientId, clientName: client.name, matterId, matterNumber: matter.matterNumber };
  }

  /** Money leaves a ledger only against funds it holds and that have cleared, in words when refused. */
  async function checkFunds(tx: Tx, firmId: string, account: LockedTrustAccount, ledger: LedgerRef, amount: string) {
    const funds = await findLedgerBalance(tx, firmId, account.id, ledger.clientId, ledger.matterId);
    const place = ledgerPlace(ledger.matterNumber);
    const refusal = refusalOf(amount, funds);
    if (refusal === 'balance') throw conflict(TRUST_MESSAGES.insufficient(ledger.clientName, funds.balance, account.currencySymbol, place));
    if (refusal === 'cleared')
      throw conflict(TRUST_MESSAGES.uncleared(ledger.clientName, funds.clearedBalance, account.currencySymbol, place));
    if (refusalOf(amount, account) !== null)
      throw conflict(TRUST_MESSAGES.accountInsufficient(account.name, account.clearedBalance, account.currencySymbol));
    return funds;
  }

  const trustLines = (account: LockedTrustAccount, ledger: LedgerRef, amount: string, direction: 'in' | 'out'): JournalLine[] => {
    const liability: JournalLine = {
      account: 'client-trust-liability',
      clientId: ledger.clientId,
      matterId: ledger.matterId,
      trustAccountId: account.id,
    };
    const bank: JournalLine = { account: 'trust-bank', clientId: ledger.clientId, matterId: ledger.matterId, trustAccountId: account.id };
    return direction === 'in'
      ? [
          { ...bank, debit: amount },
          { ...liability, credit: amount },
        ]
      : [
          { ...liability, debit: amount },
          { ...bank, credit: amount },
        ];
  };

  /** Inserts the movement row; the database's trigger moves the balances and refuses an overdraft. */
  async function insertMovement(tx: Tx, principal: FirmPrincipal, account: LockedTrustAccount, ledger: LedgerRef, movement: Movement) {
    const sequenceNumber = await takeNextNumber(tx, principal.firmId, 'trustTransaction');
    const id = movement.id ?? randomUUID();
    await insertTrustTransaction(tx, {
      ...movement,
      id,
      firmId: principal.firmId,
      sequenceNumber,
      trustAccountId: account.id,
      clientId: ledger.clientId,
      matterId: ledger.matterId,
      createdByUserId: movement.createdByUserId ?? principal.userId,
    });
    return id;
  }

  async function viewOf(tx: Tx, firmId: string, id: string): Promise<TrustTransaction> {
    const [row] = await findTransactionViews(tx, firmId, { ids: [id] }, { limit: 1, offset: 0 });
    return trustTransactionView(row!);
  }

  /** An evergreen retainer that money took below its minimum drafts its top-up request. */
  async function afterMoneyLeft(
    tx: Tx,
    principal: FirmPrincipal,
    account: LockedTrustAccount,
    ledger: LedgerRef,
    balanceAfter: string,
    today: string,
  ) {
    if (!ledger.matterId) return;
    const minimumBalance = await findMatterMinimum(tx, principal.firmId, ledger.matterId);
    if (!topUpNeeded(balanceAfter, minimumBalance)) return;
    await draftTopUpTrustRequest(
      tx,
      principal,
      { trustAccountId: account.id, clientId: ledger.clientId, matterId: ledger.matterId },
      { minimumBalance: minimumBalance!, balance: balanceAfter, today },
    );
  }

  /**
   * Runs a movement in one transaction. The database's CHECKs are the last word on funds: should one
   * refuse what the locked check passed, the refusal is still a 409 in words, never a 500.
   */
  const inTransaction = <T>(principal: FirmPrincipal, fn: (tx: Tx) => Promise<T>) =>
    database.withFirm(principal.firmId, fn).catch((error: unknown) => {
      if (isCheckViolation(error, 'trust_period_locked'))
        throw conflict('This date is in a signed-off trust reconciliation period: date the movement after it');
      if (isCheckViolation(error, 'trust_ledgers_balance_check') || isCheckViolation(error, 'trust_accounts_balance_check'))
        throw conflict('Insufficient trust funds: the movement would take a trust balance below zero');
      if (isCheckViolation(error, 'trust_ledgers_cleared_balance_check') || isCheckViolation(error, 'trust_accounts_cleared_balance_check'))
        throw conflict('Insufficient cleared trust funds: uncleared deposits cannot be paid out');
      throw error;
    });

  // ---- the movements that leave trust (disbursement, refund, invoice payment): posted, or waiting for a second person

  async function postDisbursement(
    tx: Tx,
    principal: FirmPrincipal,
    input: DisburseInput | RefundInput,
    kind: 'disbursement' | 'refund',
    approval: Approval,
  ) {
    const account = await accountOf(tx, principal.firmId, input.trustAccountId);
    if (!account.isActive) throw conflict(TRUST_MESSAGES.accountInactive);
    const ledger = await ledgerOf(tx, principal.firmId, input.clientId, input.matterId);
    const funds = await checkFunds(tx, principal.firmId, account, ledger, input.amount);
    const payee = input.payee ?? ledger.clientName;
    const transactionId = randomUUID();
    const journalEntryId = await postJournalEntry(tx, principal, {
      entryDate: input.date,
      memo: `${kind === 'refund' ? 'Refund to' : 'Disbursement to'} ${payee}${input.purpose ? `: ${input.purpose}` : ''}`.slice(0, 500),
      sourceType: 'trust',
      sourceId: transactionId,
      currency: account.currencyCode,
      lines: trustLines(account, ledger, input.amount, 'out'),
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
    const today = (await findFirmToday(tx, principal.firmId)).today;
    await afterMoneyLeft(tx, principal, account, ledger, subtractMoney(funds.balance, input.amount), today);
    return viewOf(tx, principal.firmId, transactionId);
  }

  async function postInvoicePaymentFromTrust(tx: Tx, principal: FirmPrincipal, input: PayInvoiceInput, approval: Approval) {
    // The invoice first, then the trust account: the same order as every invoice change, so no deadlock.
    const invoice = await lockInvoiceForPayment(tx, principal.firmId, input.invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (!invoice.isPayable) throw conflict(TRUST_MESSAGES.invoiceNotPayable);
    const account = await accountOf(tx, principal.firmId, input.trustAccountId);
    if (!account.isActive) throw conflict(TRUST_MESSAGES.accountInactive);
    // Trust money pays only an invoice in its own currency: a conversion is a separate, recorded event.
    if (invoice.currencyCode !== account.currencyCode)
      throw badRequest(
        TRUST_MESSAGES.currencyMismatch(invoice.invoiceNumber ?? 'The invoice', invoice.currencyCode, account.name, account.currencyCode),
      );
    const matterId = invoiceFundsOf(invoice.matterIds, input);
    const ledger = await ledgerOf(tx, principal.firmId, invoice.clientId, matterId);
    const funds = await checkFunds(tx, principal.firmId, account, ledger, input.amount);
    const payment = await postInvoicePayment(tx, principal, invoice.row, {
      amount: input.amount,
      paymentDate: input.date,
      method: TRUST_PAYMENT_METHOD,
      reference: input.reference,
      memoSuffix: `from trust (${account.name})`,
      // Trust pays the firm: the client's trust funds fall, and the operating bank receives them.
      fundingLines: [
        ...trustLines(account, ledger, input.amount, 'out'),
        { account: 'operating-bank', debit: input.amount, clientId: invoice.clientId },
      ],
    });
    const transactionId = randomUUID();
    await insertMovement(tx, principal, account, ledger, {
      id: transactionId,
      type: 'invoice-payment',
      direction: 'out',
      amount: input.amount,
      transactionDate: input.date,
      method: 'Transfer to operating',
      reference: input.reference ?? payment.receiptNumber,
      counterparty: 'Firm operating account',
      purpose: `Payment of invoice ${invoice.invoiceNumber} (${payment.receiptNumber})`,
      invoiceId: invoice.id,
      invoicePaymentId: payment.paymentId,
      journalEntryId: payment.journalEntryId,
      createdByUserId: approval ? await requesterOf(tx, principal, approval) : principal.userId,
      approvedByUserId: approval?.approvedByUserId ?? null,
      movementRequestId: approval?.movementRequestId ?? null,
    });
    await recordAuditEvent(tx, principal, 'trustTransaction.invoicePaid', transactionId, {
      trustAccountId: account.id,
      clientId: ledger.clientId,
      matterId: ledger.matterId,
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      receiptNumber: payment.receiptNumber,
      amount: input.amount,
      before: { balance: funds.balance },
      after: { balance: subtractMoney(funds.balance, input.amount) },
    });
    const today = (await findFirmToday(tx, principal.firmId)).today;
    await afterMoneyLeft(tx, principal, account, ledger, subtractMoney(funds.balance, input.amount), today);
    return viewOf(tx, principal.firmId, transactionId);
  }

  /** The request's author stays the movement's author; the approver is recorded beside them. */
  async function requesterOf(tx: Tx, principal: FirmPrincipal, approval: NonNullable<Approval>) {
    const { rows } = await findMovementRequests(tx, principal.firmId, { ids: [approval.movementRequestId] }, { limit: 1, offset: 0 });
    return rows[0]!.row.requestedByUserId;
  }

  /**
   * Above the firm's threshold a movement out of trust waits for a second person: it is checked now
   * (the funds must be there when asked) and again when approved.
   */
  async function requestOrPost(
    principal: FirmPrincipal,
    kind: 'disbursement' | 'refund' | 'invoice-payment',
    input: DisburseInput | RefundInput | PayInvoiceInput,
    post: (tx: Tx) => Promise<TrustTransaction>,
  ): Promise<TrustMovementResult> {
    return inTransaction(principal, async (tx) => {
      const settings = await findTrustSettings(tx, principal.firmId);
      if (!needsSecondPerson(input.amount, settings.approvalThreshold)) {
        return { status: 'Posted' as const, transaction: await post(tx), movementRequest: null };
      }
      // Validate as posting would, without posting: a savepoint rolled back after the checks.
      const checked = await checkWithoutPosting(tx, () => post(tx));
      const id = await insertMovementRequest(tx, {
        firmId: principal.firmId,
        kind,
        trustAccountId: input.trustAccountId,
        clientId: checked.clientId,
        matterId: checked.matterId,
        amount: input.amount,
        payload: { ...input, invoiceNumber: checked.invoiceNumber ?? undefined },
        requestedByUserId: principal.userId,
      });
      await recordAuditEvent(tx, principal, 'trustMovementRequest.requested', id, {
        kind,
        amount: input.amount,
        trustAccountId: input.trustAccountId,
      });
      const { rows } = await findMovementRequests(tx, principal.firmId, { ids: [id] }, { limit: 1, offset: 0 });
      return { status: 'AwaitingApproval' as const, transaction: null, movementRequest: movementRequestView(rows[0]!) };
    });
  }

  /** Runs the posting inside a savepoint and rolls it back: every rule is checked, nothing is kept. */
  async function checkWithoutPosting(tx: Tx, post: () => Promise<TrustTransaction>): Promise<TrustTransaction> {
    let result: TrustTransaction | null = null;
    const rollback = new Error('rollback');
    try {
      await tx.transaction(async () => {
        result = await post();
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    return result!;
  }

  /** Money in, in the caller's transaction: a deposit can never overdraw, so it needs no second person. */
  async function postDeposit(tx: Tx, principal: FirmPrincipal, input: DepositInput): Promise<TrustTransaction> {
    const account = await accountOf(tx, principal.firmId, input.trustAccountId);
    if (!account.isActive) throw conflict(TRUST_MESSAGES.accountInactive);
    const ledger = await ledgerOf(tx, principal.firmId, input.clientId, input.matterId);
    const payer = input.payer ?? ledger.clientName;
    const transactionId = randomUUID();
    const journalEntryId = await postJournalEntry(tx, principal, {
      entryDate: input.depositDate,
      memo: `Trust deposit from ${payer}${input.reference ? ` (${input.reference})` : ''}`.slice(0, 500),
      sourceType: 'trust',
      sourceId: transactionId,
      currency: account.currencyCode,
      lines: trustLines(account, ledger, input.amount, 'in'),
    });
    await insertMovement(tx, principal, account, ledger, {
      id: transactionId,
      type: 'deposit',
      direction: 'in',
      amount: input.amount,
      transactionDate: input.depositDate,
      method: input.method,
      reference: input.reference,
      counterparty: payer,
      isCleared: input.isCleared,
      trustRequestId: input.trustRequestId,
      journalEntryId,
    });
    if (input.trustRequestId) {
      await applyDepositToTrustRequest(tx, principal, input.trustRequestId, {
        trustAccountId: account.id,
        clientId: ledger.clientId,
        matterId: ledger.matterId,
        amount: input.amount,
        transactionId,
      });
    }
    await recordAuditEvent(tx, principal, 'trustTransaction.deposited', transactionId, {
      trustAccountId: account.id,
      clientId: ledger.clientId,
      matterId: ledger.matterId,
      amount: input.amount,
      method: input.method,
      isCleared: input.isCleared,
    });
    const settings = await findTrustSettings(tx, principal.firmId);
    if (needsCashReview(input.method, input.amount, settings.cashReviewThreshold)) {
      await recordAuditEvent(tx, principal, 'trustTransaction.flaggedForReview', transactionId, {
        reason: 'Cash deposit at or above the firm’s review threshold',
        amount: input.amount,
        threshold: settings.cashReviewThreshold,
      });
    }
    return viewOf(tx, principal.firmId, transactionId);
  }

  return {
    deposit: (principal: FirmPrincipal, input: DepositInput): Promise<TrustTransaction> =>
      inTransaction(principal, (tx) => postDeposit(tx, principal, input)),

    postDeposit,

    disburse: (principal: FirmPrincipal, input: DisburseInput) =>
      requestOrPost(principal, 'disbursement', input, (tx) => postDisbursement(tx, principal, input, 'disbursement', null)),

    refund: (principal: FirmPrincipal, input: RefundInput) =>
      requestOrPost(principal, 'refund', input, (tx) => postDisbursement(tx, principal, input, 'refund', null)),

    payInvoice: (principal: FirmPrincipal, input: PayInvoiceInput) =>
      requestOrPost(principal, 'invoice-payment', input, (tx) => postInvoicePaymentFromTrust(tx, principal, input, null)),

    transfer: (principal: FirmPrincipal, input: TransferInput): Promise<TrustTransferResult> =>
      inTransaction(principal, async (tx) => {
        const account = await accountOf(tx, principal.firmId, input.trustAccountId);
        if (!account.isActive) throw conflict(TRUST_MESSAGES.accountInactive);
        const from = await ledgerOf(tx, principal.firmId, input.fromClientId, input.fromMatterId, 'fromMatterId');
        const to = await ledgerOf(tx, principal.firmId, input.toClientId, input.toMatterId, 'toMatterId');
        if (from.clientId === to.clientId && from.matterId === to.matterId)
          throw badRequest(TRUST_MESSAGES.sameLedger, { toMatterId: TRUST_MESSAGES.sameLedger });
        if (from.clientId !== to.clientId && !input.consentNote)
          throw badRequest(TRUST_MESSAGES.consentRequired, { consentNote: TRUST_MESSAGES.consentRequired });
        const funds = await checkFunds(tx, principal.firmId, account, from, input.amount);
        const transferId = randomUUID();
        const journalEntryId = await postJournalEntry(tx, principal, {
          entryDate: input.date,
          memo: `Trust transfer from ${from.clientName} ${ledgerPlace(from.matterNumber)} to ${to.clientName} ${ledgerPlace(to.matterNumber)}: ${input.reason}`.slice(
            0,
            500,
          ),
          sourceType: 'trust',
          sourceId: transferId,
          currency: account.currencyCode,
          lines: [
            {
              account: 'client-trust-liability',
              debit: input.amount,
              clientId: from.clientId,
              matterId: from.matterId,
              trustAccountId: account.id,
            },
            {
              account: 'client-trust-liability',
              credit: input.amount,
              clientId: to.clientId,
              matterId: to.matterId,
              trustAccountId: account.id,
            },
          ],
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
        const today = (await findFirmToday(tx, principal.firmId)).today;
        await afterMoneyLeft(tx, principal, account, from, subtractMoney(funds.balance, input.amount), today);
        return { out: await viewOf(tx, principal.firmId, outId), in: await viewOf(tx, principal.firmId, inId) };
      }),

    /**
     * A mistake is corrected by a reversal referencing the original (both stay visible). Reversing
     * money in (a deposit, a transfer's receiving leg) needs those funds still there; a transfer is
     * reversed whole; a payment from trust is reversed on its invoice too.
     */
    reverse: (principal: FirmPrincipal, transactionId: string, input: { reason: string; date: string | null }): Promise<TrustTransaction> =>
      inTransaction(principal, async (tx) => {
        const original = await findTransactionRow(tx, principal.firmId, transactionId);
        if (!original) throw notFound('Trust transaction');
        if (original.type === 'reversal') throw conflict(TRUST_MESSAGES.reversalOfReversal);
        const date = input.date ?? (await findFirmToday(tx, principal.firmId)).today;
        // An invoice payment's invoice is locked before the trust account, as paying it does.
        const invoiceReversal =
          original.type === 'invoice-payment' && original.invoiceId && original.invoicePaymentId
            ? { invoiceId: original.invoiceId, paymentId: original.invoicePaymentId }
            : null;
        if (invoiceReversal && !(await lockInvoiceForPayment(tx, principal.firmId, invoiceReversal.invoiceId))) throw notFound('Invoice');
        const account = await accountOf(tx, principal.firmId, original.trustAccountId);
        if (await isReversed(tx, principal.firmId, original.id)) throw conflict(TRUST_MESSAGES.alreadyReversed);
        const legs = original.transferId ? await findTransferLegs(tx, principal.firmId, original.transferId) : [original];
        // Money that came in must still be there to go back out.
        for (const leg of legs.filter((candidate) => candidate.direction === 'in')) {
          const ledger = await ledgerOf(tx, principal.firmId, leg.clientId, leg.matterId);
          const hasCleared = leg.type !== 'deposit' || leg.isCleared || (await isCleared(tx, principal.firmId, leg.id));
          if (hasCleared) await checkFunds(tx, principal.firmId, account, ledger, leg.amount);
          else {
            const funds = await findLedgerBalance(tx, principal.firmId, account.id, ledger.clientId, ledger.matterId);
            if (refusalOf(leg.amount, { balance: funds.balance, clearedBalance: funds.balance }) !== null)
              throw conflict(
                TRUST_MESSAGES.insufficient(ledger.clientName, funds.balance, account.currencySymbol, ledgerPlace(ledger.matterNumber)),
              );
          }
        }
        const reversalEntryId = invoiceReversal
          ? (await reverseTrustPayment(tx, principal, invoiceReversal.invoiceId, invoiceReversal.paymentId, { reason: input.reason, date }))
              .journalEntryId!
          : await reverseJournalEntry(tx, principal, original.journalEntryId, {
              entryDate: date,
              memo: `Reversal of trust movement: ${input.reason}`.slice(0, 500),
              sourceType: 'trust',
              sourceId: original.id,
            });
        let firstReversalId: string | null = null;
        for (const leg of legs) {
          const ledger = await ledgerOf(tx, principal.firmId, leg.clientId, leg.matterId);
          const id = await insertMovement(tx, principal, account, ledger, {
            type: 'reversal',
            direction: leg.direction === 'in' ? 'out' : 'in',
            amount: leg.amount,
            transactionDate: date,
            reference: leg.reference,
            counterparty: leg.counterparty,
            purpose: leg.purpose,
            isCleared: true,
            transferId: leg.transferId,
            invoiceId: leg.invoiceId,
            reversesTransactionId: leg.id,
            reason: input.reason,
            journalEntryId: reversalEntryId,
          });
          if (leg.id === original.id) firstReversalId = id;
          if (leg.trustRequestId)
            await reverseDepositOnTrustRequest(tx, principal, leg.trustRequestId, { amount: leg.amount, transactionId: id });
          await recordAuditEvent(tx, principal, 'trustTransaction.reversed', leg.id, {
            reversalId: id,
            reason: input.reason,
            amount: leg.amount,
          });
        }
        return viewOf(tx, principal.firmId, firstReversalId!);
      }),

    /** An uncleared deposit's funds become payable from the date the bank cleared them. */
    clearDeposit: (principal: FirmPrincipal, transactionId: string, clearedDate: string): Promise<TrustTransaction> =>
      inTransaction(principal, async (tx) => {
        const deposit = await findTransactionRow(tx, principal.firmId, transactionId);
        if (!deposit) throw notFound('Trust transaction');
        await accountOf(tx, principal.firmId, deposit.trustAccountId);
        if (
          deposit.type !== 'deposit' ||
          deposit.isCleared ||
          (await isCleared(tx, principal.firmId, deposit.id)) ||
          (await isReversed(tx, principal.firmId, deposit.id))
        )
          throw conflict(TRUST_MESSAGES.notUncleared);
        if (clearedDate < deposit.transactionDate)
          throw badRequest(TRUST_MESSAGES.clearedBeforeReceived, { clearedDate: TRUST_MESSAGES.clearedBeforeReceived });
        await insertClearance(tx, { transactionId, firmId: principal.firmId, clearedDate, createdByUserId: principal.userId });
        await recordAuditEvent(tx, principal, 'trustTransaction.cleared', transactionId, { clearedDate, amount: deposit.amount });
        return viewOf(tx, principal.firmId, transactionId);
      }),

    /** The two-person rule: the approver holds trustAccountRequest.approve and is not the requester. */
    approve: (principal: FirmPrincipal, movementRequestId: string): Promise<TrustMovementResult> =>
      inTransaction(principal, async (tx) => {
        const request = await lockMovementRequest(tx, principal.firmId, movementRequestId);
        if (!request) throw notFound('Trust movement request');
        if (request.status !== 'AwaitingApproval') throw conflict(TRUST_MESSAGES.notAwaitingApproval);
        if (request.requestedByUserId === principal.userId) throw forbidden(TRUST_MESSAGES.ownApproval);
        const approval = { approvedByUserId: principal.userId, movementRequestId };
        const payload = request.payload as DisburseInput & RefundInput & PayInvoiceInput;
        const transaction =
          request.kind === 'invoice-payment'
            ? await postInvoicePaymentFromTrust(tx, principal, payload, approval)
            : await postDisbursement(tx, principal, payload, request.kind, approval);
        await updateMovementRequest(tx, principal.firmId, movementRequestId, {
          status: 'Approved',
          decidedByUserId: principal.userId,
          decidedAt: new Date(),
          transactionId: transaction.id,
        });
        await recordAuditEvent(tx, principal, 'trustMovementRequest.approved', movementRequestId, {
          transactionId: transaction.id,
          amount: request.amount,
        });
        return { status: 'Posted' as const, transaction, movementRequest: null };
      }),

    reject: (principal: FirmPrincipal, movementRequestId: string, reason: string) =>
      inTransaction(principal, async (tx) => {
        const request = await lockMovementRequest(tx, principal.firmId, movementRequestId);
        if (!request) throw notFound('Trust movement request');
        if (request.status !== 'AwaitingApproval') throw conflict(TRUST_MESSAGES.notAwaitingApproval);
        await updateMovementRequest(tx, principal.firmId, movementRequestId, {
          status: 'Rejected',
          decidedByUserId: request.requestedByUserId === principal.userId ? null : principal.userId,
          decidedAt: new Date(),
          decisionReason: reason,
        });
        const event: AuditEvent = 'trustMovementRequest.rejected';
        await recordAuditEvent(tx, principal, event, movementRequestId, { reason });
        const { rows } = await findMovementRequests(tx, principal.firmId, { ids: [movementRequestId] }, { limit: 1, offset: 0 });
        return movementRequestView(rows[0]!);
      }),
  };
}

export type { TrustTransactionRow };
