import { createInvoiceSchema } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordOpeningFlatFee } from '../flat-fees/flat-fees.api.ts';
import { checkMatters, saveDraft } from './invoice-draft.ts';
import { invoiceCurrencyOf } from './invoice-payments.ts';
import { openingReceivableEntry } from './invoices.postings.ts';
import { findClient, findInvoiceSettings, insertEvent, insertInvoice, lockInvoice, updateInvoice } from './invoices.repository.ts';
import { numberInvoice } from './issue-invoice.ts';

export type OpeningInvoice = {
  clientId: string;
  matterId: string;
  /** The invoice's number in the previous system: kept on the line, the notes and the journal. */
  reference: string;
  issueDate: string;
  /** Null: the firm's payment terms from the issue date. */
  dueDate: string | null;
  /** What the client still owes on it, in the firm's home currency. */
  amount: string;
  /** Whom the fee is for (collections reports); the importer when the file names no one. */
  feeEarnerId: string;
};

/**
 * A receivable brought over from a previous system (bulk import, issue 39), as an opening invoice:
 * one line, a flat fee on the matter for what is still owed ("Opening balance: invoice 1234"),
 * no tax (it was charged on the original), numbered from the firm's sequence and issued on the
 * original's date, so aged receivables, statements, reminders and payments treat it as any other.
 * Its journal credits Opening balances, not fee income (openingReceivableEntry). Throws the
 * invoice rules' refusal (another client's matter, a closed period).
 */
export async function importOpeningInvoice(tx: Tx, principal: FirmPrincipal, opening: OpeningInvoice): Promise<string> {
  const { firmId, userId } = principal;
  if (!(await findClient(tx, firmId, opening.clientId))) throw notFound('Client');
  await checkMatters(tx, firmId, opening.clientId, [opening.matterId]);
  const settings = await findInvoiceSettings(tx, firmId);
  const flatFeeId = await recordOpeningFlatFee(tx, firmId, userId, {
    clientId: opening.clientId,
    matterId: opening.matterId,
    userId: opening.feeEarnerId,
    date: opening.issueDate,
    description: `Opening balance: invoice ${opening.reference}`,
    amount: opening.amount,
    currencyId: settings.homeCurrencyId,
  });
  const id = await insertInvoice(tx, {
    firmId,
    clientId: opening.clientId,
    status: 'Draft',
    issueDate: opening.issueDate,
    dueDate: opening.issueDate,
    currencyId: settings.homeCurrencyId,
    createdByUserId: userId,
  });
  const draft = createInvoiceSchema.parse({
    clientId: opening.clientId,
    matterIds: [opening.matterId],
    flatFeeIds: [flatFeeId],
    taxPercent: '0',
    issueDate: opening.issueDate,
    dueDate: opening.dueDate,
    notes: `Opening balance brought forward from invoice ${opening.reference} of the previous system.`,
  });
  await saveDraft(tx, principal, id, draft, settings);
  const number = await numberInvoice(tx, principal, (await lockInvoice(tx, firmId, id))!, settings);
  await updateInvoice(tx, firmId, id, { ...number, status: 'Approved', approvedAt: new Date(), approvedByUserId: userId });
  const invoice = (await lockInvoice(tx, firmId, id))!;
  const owner = { clientId: opening.clientId, matterId: opening.matterId };
  const entry = openingReceivableEntry(invoice, owner, await invoiceCurrencyOf(tx, invoice), opening.reference);
  const entryId = await postJournalEntry(tx, principal, { ...entry, dateField: 'issueDate' });
  await updateInvoice(tx, firmId, id, { issuedAt: new Date(), issueEntryId: entryId });
  await insertEvent(tx, firmId, id, userId, 'Approved', 'imported', `Brought forward from invoice ${opening.reference}`);
  await recordAuditEvent(tx, principal, 'invoice.openingImported', id, {
    after: { clientId: opening.clientId, matterId: opening.matterId, reference: opening.reference, total: invoice.total },
  });
  return id;
}
