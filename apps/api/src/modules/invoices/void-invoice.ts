import type { z } from 'zod';
import { invoiceActionRefusal, type Invoice, type voidInvoiceSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { reverseJournalEntry } from '../../platform/ledger/ledger.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { releaseItems } from './invoice-draft.ts';
import { invoiceFactsOf } from './invoice-transitions.ts';
import { countCreditNotes } from './credit-notes.repository.ts';
import { conflict } from '../../lib/errors.ts';
import { viewOf } from './invoice-view.ts';
import { invoiceReversals } from './invoices.postings.ts';
import { findWriteOffEntries, insertEvent, updateInvoice } from './invoices.repository.ts';

/** Void: its items return to unbilled, its number stays used, its ledger entries are reversed. */
export const voidInvoice = (
  database: Database,
  principal: FirmPrincipal,
  invoiceId: string,
  input: z.output<typeof voidInvoiceSchema>,
): Promise<Invoice> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
    const creditNoteCount = await countCreditNotes(tx, principal.firmId, invoiceId);
    const refusal = invoiceActionRefusal('void', { ...invoiceFactsOf(invoice, settings), creditNoteCount });
    if (refusal !== null) throw conflict(refusal);
    for (const entryId of await findWriteOffEntries(tx, principal.firmId, invoiceId))
      await reverseJournalEntry(tx, principal, entryId, invoiceReversals.voidWriteOff(invoice, settings.today));
    if (invoice.issueEntryId)
      await reverseJournalEntry(tx, principal, invoice.issueEntryId, invoiceReversals.voidIssue(invoice, settings.today));
    await releaseItems(tx, principal.firmId, invoiceId);
    await updateInvoice(tx, principal.firmId, invoiceId, { status: 'Void', voidedAt: new Date(), voidReason: input.reason });
    await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'Void', 'voided', input.reason);
    await auditInvoice(tx, principal, 'invoice.voided', invoice, {
      before: { status: invoice.status },
      after: { status: 'Void' },
      reason: input.reason,
    });
    return viewOf(tx, principal, invoiceId);
  });
