import type { Invoice } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { assertInvoiceAction } from './invoice-transitions.ts';
import { viewOf } from './invoice-view.ts';
import { insertEvent, updateInvoice, type InvoiceRow, type InvoiceSettingsRow } from './invoices.repository.ts';
import { numberInvoice } from './issue-invoice.ts';

/** A draft goes for approval, taking its number from the firm's sequence. */
export const submitInvoice = (database: Database, principal: FirmPrincipal, invoiceId: string, note: string | null): Promise<Invoice> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
    await submitLockedInvoice(tx, principal, invoice, settings, note);
    return viewOf(tx, principal, invoiceId);
  });

/** A locked draft goes for approval (pre-bill review submits and approves in one step). */
export async function submitLockedInvoice(
  tx: Tx,
  principal: FirmPrincipal,
  invoice: InvoiceRow,
  settings: InvoiceSettingsRow,
  note: string | null,
) {
  const invoiceId = invoice.id;
  assertInvoiceAction('submit', invoice, settings);
  const number = await numberInvoice(tx, principal, invoice, settings);
  await updateInvoice(tx, principal.firmId, invoiceId, { ...number, status: 'AwaitingApproval' });
  await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'AwaitingApproval', 'submitted', note);
  await auditInvoice(tx, principal, 'invoice.submitted', { ...invoice, invoiceNumber: number.invoiceNumber ?? invoice.invoiceNumber });
}
