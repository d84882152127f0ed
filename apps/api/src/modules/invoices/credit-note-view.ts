import type { CreditNote } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { buildCreditNotePdf } from './documents/credit-note-pdf.ts';
import { findCreditNote, type CreditNoteDetailRow } from './credit-notes.repository.ts';

function creditNoteOf({ note, invoiceNumber, createdByUserName, lines }: CreditNoteDetailRow): CreditNote {
  return {
    id: note.id,
    creditNoteNumber: note.creditNoteNumber,
    invoiceId: note.invoiceId,
    invoiceNumber,
    creditDate: note.creditDate,
    reason: note.reason,
    feesAmount: note.feesAmount,
    expensesAmount: note.expensesAmount,
    discountAmount: note.discountAmount,
    taxAmount: note.taxAmount,
    total: note.total,
    appliedAmount: note.appliedAmount,
    toClientCreditAmount: note.toClientCreditAmount,
    releasesItems: note.releasesItems,
    lines: lines.map((line) => ({ ...line, itemType: line.itemType as CreditNote['lines'][number]['itemType'] })),
    createdByUserName,
    createdAt: note.createdAt.toISOString(),
  };
}

/**
 * One of the firm's credit notes as a PDF named after its number; `isReadable` may refuse it (the
 * portal reads only its own client's sent invoices' credit notes): 404 either way.
 */
export async function creditNotePdfOf(
  tx: Tx,
  firm: { id: string; name: string; dateFormat?: string },
  creditNoteId: string,
  isReadable: (creditNote: CreditNote & { clientId: string }) => Promise<boolean> = async () => true,
) {
  const row = await findCreditNote(tx, firm.id, creditNoteId);
  if (!row) throw notFound('Credit note');
  const creditNote = creditNoteOf(row);
  if (!(await isReadable({ ...creditNote, clientId: row.note.clientId }))) throw notFound('Credit note');
  const pdf = await buildCreditNotePdf({
    firmName: firm.name,
    dateFormat: firm.dateFormat,
    creditNote,
    clientName: row.clientName,
    currencySymbol: row.currencySymbol,
  });
  return { pdf, fileName: `${creditNote.creditNoteNumber.replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf` };
}
