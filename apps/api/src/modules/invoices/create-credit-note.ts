import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  addMoney,
  compareMoney,
  CREDIT_NOTE_MESSAGES,
  DEFAULT_CREDIT_NOTE_NUMBER_PREFIX,
  formatInvoiceNumber,
  invoiceActionRefusal,
  subtractMoney,
  type createCreditNoteSchema,
  type DiscountType,
  type Invoice,
  type TaxAppliesTo,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordClientCreditGain } from '../client-credits/client-credits.api.ts';
import { creditFiguresOf, type CreditableLine } from './credit-note.rules.ts';
import { findLinesWithCredits, insertCreditNote } from './credit-notes.repository.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { releaseItems } from './invoice-draft.ts';
import { invoiceCurrencyOf, receivableMatterOf, statusAfterMoney } from './invoice-payments.ts';
import { invoiceFactsOf } from './invoice-transitions.ts';
import { viewOf } from './invoice-view.ts';
import { creditNoteEntry } from './invoices.postings.ts';
import { insertEvent, updateInvoice } from './invoices.repository.ts';

const CREDIT_DATE_BEFORE_ISSUE = 'The credit date cannot be before the invoice date';
const CREDITS_NOTHING = 'The chosen lines credit nothing: their amounts are zero';

/**
 * A credit note against an issued invoice (ADR 0050): the whole invoice (every line not yet
 * credited) or chosen lines, with a reason. It takes what it credits off the balance due; what the
 * invoice no longer owed (it was paid) becomes the client's credit balance. The credited lines'
 * items return to unbilled when asked, to be billed again on another invoice.
 */
export const createCreditNote = (
  database: Database,
  principal: FirmPrincipal,
  invoiceId: string,
  input: z.output<typeof createCreditNoteSchema>,
): Promise<Invoice> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
    const lines = await findLinesWithCredits(tx, principal.firmId, invoiceId);
    const standing = lines.filter((line) => line.creditNoteNumber === null);
    const refusal = invoiceActionRefusal('creditNote', { ...invoiceFactsOf(invoice, settings), creditableLineCount: standing.length });
    if (refusal !== null) throw conflict(refusal);

    const byId = new Map(lines.map((line) => [line.id, line]));
    for (const id of input.lineIds) {
      const line = byId.get(id);
      if (!line) throw badRequest(CREDIT_NOTE_MESSAGES.lineNotOnInvoice, { lineIds: CREDIT_NOTE_MESSAGES.lineNotOnInvoice });
      if (line.creditNoteNumber !== null) throw conflict(CREDIT_NOTE_MESSAGES.lineAlreadyCredited);
    }
    const credited = input.lineIds.length ? standing.filter((line) => input.lineIds.includes(line.id)) : standing;
    const creditDate = input.creditDate ?? settings.today;
    if (creditDate < invoice.issueDate) throw badRequest(CREDIT_DATE_BEFORE_ISSUE, { creditDate: CREDIT_DATE_BEFORE_ISSUE });

    const figures = creditFiguresOf(
      {
        discountType: invoice.discountType as DiscountType | null,
        discountValue: invoice.discountValue,
        discountAmount: invoice.discountAmount,
        subtotal: invoice.subtotal,
        taxPercent: invoice.taxPercent,
        taxAppliesTo: invoice.taxAppliesTo as TaxAppliesTo,
      },
      standing as CreditableLine[],
      new Set(credited.map((line) => line.id)),
    );
    if (compareMoney(figures.total, '0') <= 0) throw badRequest(CREDITS_NOTHING, { lineIds: CREDITS_NOTHING });
    const appliedAmount = compareMoney(figures.total, invoice.balanceDue) <= 0 ? figures.total : invoice.balanceDue;
    const toClientCreditAmount = subtractMoney(figures.total, appliedAmount);

    const id = randomUUID();
    const numberValue = await takeNextNumber(tx, principal.firmId, 'creditNote');
    const creditNoteNumber = formatInvoiceNumber(DEFAULT_CREDIT_NOTE_NUMBER_PREFIX, numberValue);
    const currency = await invoiceCurrencyOf(tx, invoice);
    const owner = { clientId: invoice.clientId, matterId: await receivableMatterOf(tx, principal.firmId, invoiceId) };
    const note = { id, creditNoteNumber, creditDate, reason: input.reason, ...figures, appliedAmount, toClientCreditAmount };
    const journalEntryId = await postJournalEntry(tx, principal, {
      ...creditNoteEntry({ ...note, invoiceId, invoiceNumber: invoice.invoiceNumber }, owner, currency),
      dateField: 'creditDate',
    });
    await insertCreditNote(
      tx,
      {
        ...note,
        firmId: principal.firmId,
        invoiceId,
        clientId: invoice.clientId,
        numberValue,
        releasesItems: input.releaseItems,
        journalEntryId,
        createdByUserId: principal.userId,
      },
      credited.map((line) => ({ invoiceLineId: line.id, amount: line.amount })),
    );
    if (compareMoney(toClientCreditAmount, '0') > 0)
      await recordClientCreditGain(tx, {
        firmId: principal.firmId,
        clientId: invoice.clientId,
        currencyCode: currency,
        amount: toClientCreditAmount,
        movementDate: creditDate,
        kind: 'credit-note',
        creditNoteId: id,
        invoiceId,
        reference: creditNoteNumber,
        journalEntryId,
        byUserId: principal.userId,
      });
    if (input.releaseItems) {
      const itemsOf = (type: string) => credited.filter((line) => line.itemType === type).map((line) => line.itemId);
      await releaseItems(tx, principal.firmId, invoiceId, {
        timeEntryIds: itemsOf('fee'),
        expenseIds: itemsOf('expense'),
        flatFeeIds: itemsOf('flatFee'),
      });
    }

    const creditedAmount = addMoney(invoice.creditedAmount, appliedAmount);
    const balanceDue = subtractMoney(invoice.balanceDue, appliedAmount);
    const status = statusAfterMoney(invoice, invoice.paidAmount, balanceDue);
    await updateInvoice(tx, principal.firmId, invoiceId, { creditedAmount, balanceDue, status });
    await insertEvent(
      tx,
      principal.firmId,
      invoiceId,
      principal.userId,
      status,
      'creditNote',
      `${creditNoteNumber} ${figures.total}: ${input.reason}`,
    );
    await auditInvoice(tx, principal, 'invoice.credited', invoice, {
      creditNoteNumber,
      total: figures.total,
      lineCount: credited.length,
      releasesItems: input.releaseItems,
      before: { creditedAmount: invoice.creditedAmount, balanceDue: invoice.balanceDue, status: invoice.status },
      after: { creditedAmount, balanceDue, status, toClientCreditAmount },
      reason: input.reason,
    });
    return viewOf(tx, principal, invoiceId);
  });
