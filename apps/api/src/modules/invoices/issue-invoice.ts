import { formatInvoiceNumber } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import { invoiceCurrencyOf } from './invoice-payments.ts';
import { invoiceIssueEntry, receivableMatterOfMatters } from './invoices.postings.ts';
import { findInvoiceDetail, updateInvoice, type InvoiceRow, type InvoiceSettingsRow } from './invoices.repository.ts';

/**
 * Issues the invoice: the moment it is approved (or sent straight from a draft when the firm needs
 * no approval). Its ledger entry (invoices.postings.ts) is posted then, in the same transaction;
 * an invoice of nothing posts nothing.
 */
export async function issueInvoice(tx: Tx, principal: FirmPrincipal, invoice: InvoiceRow, matterIds: string[]) {
  const owner = { clientId: invoice.clientId, matterId: receivableMatterOfMatters(matterIds) };
  const entry = invoiceIssueEntry(invoice, owner, await invoiceCurrencyOf(tx, invoice));
  // Issued into a closed period, the refusal points at the draft's invoice date.
  const entryId = entry === null ? null : await postJournalEntry(tx, principal, { ...entry, dateField: 'issueDate' });
  await updateInvoice(tx, principal.firmId, invoice.id, { issuedAt: new Date(), issueEntryId: entryId });
}

/**
 * The invoice's number from the firm's gapless sequence, given as it leaves Draft. A draft that was
 * rejected back from approval already holds the number it took at submission and keeps it: a number
 * is never taken twice for one invoice, nor given back.
 */
export async function numberInvoice(
  tx: Tx,
  principal: FirmPrincipal,
  invoice: InvoiceRow,
  settings: InvoiceSettingsRow,
): Promise<{ numberValue?: number; invoiceNumber?: string }> {
  if (invoice.numberValue !== null) return {};
  const value = await takeNextNumber(tx, principal.firmId, 'invoice');
  const invoiceNumber = formatInvoiceNumber(settings.invoiceNumberPrefix, value);
  return { numberValue: value, invoiceNumber };
}

export async function matterIdsOf(tx: Tx, firmId: string, invoiceId: string) {
  const row = await findInvoiceDetail(tx, firmId, invoiceId);
  return row ? row.matters.map((matter) => matter.id) : [];
}
