import { randomUUID } from 'node:crypto';
import {
  CLIENT_CREDIT_MESSAGES,
  CLIENT_CREDIT_PAYMENT_METHOD,
  compareMoney,
  subtractMoney,
  type ClientCredits,
  type applyClientCreditSchema,
  type refundClientCreditSchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { bankLine, chooseBankAccount } from '../../platform/ledger/bank-accounts.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import { findPayableInvoicesOfClient, lockInvoiceForPayment, postInvoicePayment } from '../invoices/invoices.api.ts';
import { findClientBalances, findMovements, insertMovement, isClientOfFirm, lockClient } from './client-credits.repository.ts';

async function creditsOf(tx: Tx, firmId: string, clientId: string): Promise<ClientCredits> {
  const [balances, movements] = await Promise.all([findClientBalances(tx, firmId, clientId), findMovements(tx, firmId, clientId)]);
  const held = new Set(balances.map((balance) => balance.currencyCode));
  const payableInvoices = held.size
    ? (await findPayableInvoicesOfClient(tx, firmId, clientId)).filter((invoice) => held.has(invoice.currencyCode))
    : [];
  return { clientId, balances, movements, payableInvoices };
}

/** The client's credit in a currency, read with the client locked (a use of credit never overdraws it). */
async function lockedCreditOf(tx: Tx, firmId: string, clientId: string, currencyCode: string): Promise<string> {
  if (!(await lockClient(tx, firmId, clientId))) throw notFound('Client');
  const balance = (await findClientBalances(tx, firmId, clientId)).find((row) => row.currencyCode === currencyCode);
  return balance?.balance ?? '0.00';
}

const refuseAmount = (message: string) => badRequest(message, { amount: message });

/**
 * A client's credit balance (ADR 0051): read, applied to one of the client's open invoices (a
 * payment through the invoices module's payment path, funded from unapplied cash) or refunded from
 * an operating bank account. Each use locks the invoice (when there is one) and then the client
 * before reading the balance, so concurrent uses queue and the balance never goes below zero.
 */
export function createClientCreditService(database: Database) {
  return {
    view: (principal: FirmPrincipal, clientId: string) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          if (!(await isClientOfFirm(tx, principal.firmId, clientId))) throw notFound('Client');
          return creditsOf(tx, principal.firmId, clientId);
        },
        READ_ONLY,
      ),

    apply: (principal: FirmPrincipal, input: z.output<typeof applyClientCreditSchema>) =>
      database.withFirm(principal.firmId, async (tx) => {
        const invoice = await lockInvoiceForPayment(tx, principal.firmId, input.invoiceId);
        if (!invoice) throw notFound('Invoice');
        const credit = await lockedCreditOf(tx, principal.firmId, input.clientId, input.currencyCode);
        if (invoice.clientId !== input.clientId)
          throw badRequest(CLIENT_CREDIT_MESSAGES.otherClient, { invoiceId: CLIENT_CREDIT_MESSAGES.otherClient });
        if (invoice.currencyCode !== input.currencyCode)
          throw badRequest(CLIENT_CREDIT_MESSAGES.otherCurrency, { invoiceId: CLIENT_CREDIT_MESSAGES.otherCurrency });
        if (!invoice.isPayable) throw conflict(CLIENT_CREDIT_MESSAGES.notPayable);
        if (compareMoney(input.amount, invoice.balanceDue) > 0) throw refuseAmount(CLIENT_CREDIT_MESSAGES.moreThanDue);
        if (compareMoney(input.amount, credit) > 0) throw refuseAmount(CLIENT_CREDIT_MESSAGES.moreThanCredit);
        const today = await findFirmToday(tx, principal.firmId);
        const paid = await postInvoicePayment(tx, principal, invoice.row, {
          amount: input.amount,
          paymentDate: today,
          method: CLIENT_CREDIT_PAYMENT_METHOD,
          reference: null,
          memoSuffix: 'from the client’s credit',
          fundingLines: [{ account: 'unapplied-cash', debit: input.amount, clientId: input.clientId }],
        });
        const movementId = await insertMovement(tx, {
          firmId: principal.firmId,
          clientId: input.clientId,
          currencyCode: input.currencyCode,
          amount: `-${input.amount}`,
          kind: 'applied',
          movementDate: today,
          invoiceId: invoice.id,
          reference: paid.receiptNumber,
          journalEntryId: paid.journalEntryId,
          byUserId: principal.userId,
        });
        await recordAuditEvent(tx, principal, 'clientCredit.applied', movementId, {
          clientId: input.clientId,
          currencyCode: input.currencyCode,
          amount: input.amount,
          invoiceId: invoice.id,
          invoiceNumber: invoice.invoiceNumber,
          receiptNumber: paid.receiptNumber,
          before: { credit },
          after: { credit: subtractMoney(credit, input.amount) },
        });
        return creditsOf(tx, principal.firmId, input.clientId);
      }),

    refund: (principal: FirmPrincipal, input: z.output<typeof refundClientCreditSchema>) =>
      database.withFirm(principal.firmId, async (tx) => {
        const credit = await lockedCreditOf(tx, principal.firmId, input.clientId, input.currencyCode);
        if (compareMoney(input.amount, credit) > 0) throw refuseAmount(CLIENT_CREDIT_MESSAGES.moreThanCredit);
        const refundDate = input.refundDate ?? (await findFirmToday(tx, principal.firmId));
        const bank = await chooseBankAccount(tx, principal.firmId, input.currencyCode, input.bankAccountId);
        const movementId = randomUUID();
        const journalEntryId = await postJournalEntry(tx, principal, {
          entryDate: refundDate,
          memo: `Client credit refunded (${input.reference})`,
          reference: input.reference,
          sourceType: 'client-credit',
          sourceId: movementId,
          currency: input.currencyCode,
          lines: [
            { account: 'unapplied-cash', debit: input.amount, clientId: input.clientId },
            bankLine(bank.line, { credit: input.amount }, { clientId: input.clientId }),
          ],
          dateField: 'refundDate',
        });
        await insertMovement(tx, {
          id: movementId,
          firmId: principal.firmId,
          clientId: input.clientId,
          currencyCode: input.currencyCode,
          amount: `-${input.amount}`,
          kind: 'refunded',
          movementDate: refundDate,
          reference: input.reference,
          journalEntryId,
          byUserId: principal.userId,
        });
        await recordAuditEvent(tx, principal, 'clientCredit.refunded', movementId, {
          clientId: input.clientId,
          currencyCode: input.currencyCode,
          amount: input.amount,
          refundDate,
          reference: input.reference,
          bankAccountId: bank.bankAccountId,
          before: { credit },
          after: { credit: subtractMoney(credit, input.amount) },
        });
        return creditsOf(tx, principal.firmId, input.clientId);
      }),
  };
}
