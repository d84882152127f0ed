import type { z } from 'zod';
import { addMoney, compareMoney, type Invoice, INVOICE_MESSAGES, subtractMoney, type writeOffSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { invoiceCurrencyOf, receivableMatterOf, statusAfterMoney } from './invoice-payments.ts';
import { assertInvoiceAction } from './invoice-transitions.ts';
import { viewOf } from './invoice-view.ts';
import { invoiceWriteOffEntry } from './invoices.postings.ts';
import { insertEvent, insertWriteOff, updateInvoice } from './invoices.repository.ts';

/** Writes off part or all of what is due: Dr write-offs / Cr accounts receivable. */
export const writeOffInvoice = (
  database: Database,
  principal: FirmPrincipal,
  invoiceId: string,
  input: z.output<typeof writeOffSchema>,
): Promise<Invoice> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
    assertInvoiceAction('writeOff', invoice, settings);
    if (compareMoney(input.amount, invoice.balanceDue) > 0)
      throw badRequest(INVOICE_MESSAGES.writeOffTooLarge, { amount: INVOICE_MESSAGES.writeOffTooLarge });
    const writeOffDate = input.writeOffDate ?? settings.today;
    const owner = { clientId: invoice.clientId, matterId: await receivableMatterOf(tx, principal.firmId, invoiceId) };
    const entryId = await postJournalEntry(tx, principal, {
      ...invoiceWriteOffEntry(
        invoice,
        { amount: input.amount, reason: input.reason, date: writeOffDate },
        owner,
        await invoiceCurrencyOf(tx, invoice),
      ),
      dateField: 'writeOffDate',
    });
    await insertWriteOff(tx, {
      firmId: principal.firmId,
      invoiceId,
      amount: input.amount,
      reason: input.reason,
      writeOffDate,
      journalEntryId: entryId,
      byUserId: principal.userId,
    });
    const writtenOffAmount = addMoney(invoice.writtenOffAmount, input.amount);
    const balanceDue = subtractMoney(invoice.balanceDue, input.amount);
    const status = statusAfterMoney(invoice, invoice.paidAmount, balanceDue);
    await updateInvoice(tx, principal.firmId, invoiceId, { writtenOffAmount, balanceDue, status });
    await insertEvent(tx, principal.firmId, invoiceId, principal.userId, status, 'writeOff', `${input.amount}: ${input.reason}`);
    await auditInvoice(tx, principal, 'invoice.writtenOff', invoice, {
      before: { writtenOffAmount: invoice.writtenOffAmount, status: invoice.status },
      after: { writtenOffAmount, status },
      reason: input.reason,
    });
    return viewOf(tx, principal, invoiceId);
  });
