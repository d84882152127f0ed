import type { Invoice } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { assertInvoiceAction } from './invoice-transitions.ts';
import { viewOf } from './invoice-view.ts';
import { insertEvent, lockInvoice, updateInvoice, type InvoiceRow, type InvoiceSettingsRow } from './invoices.repository.ts';
import { issueInvoice, matterIdsOf, numberInvoice } from './issue-invoice.ts';

/** Awaiting approval → Approved (or a draft straight to Approved when the firm needs no approval): issued. */
export const approveInvoice = (database: Database, principal: FirmPrincipal, invoiceId: string, note: string | null): Promise<Invoice> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
    await approveLockedInvoice(tx, principal, invoice, settings, note);
    return viewOf(tx, principal, invoiceId);
  });

/** The approval of an invoice the caller has locked (changeInvoice / changeInvoiceIn): numbered, issued and posted. */
export async function approveLockedInvoice(
  tx: Tx,
  principal: FirmPrincipal,
  invoice: InvoiceRow,
  settings: InvoiceSettingsRow,
  note: string | null,
) {
  const invoiceId = invoice.id;
  assertInvoiceAction('approve', invoice, settings);
  const number = await numberInvoice(tx, principal, invoice, settings);
  await updateInvoice(tx, principal.firmId, invoiceId, {
    ...number,
    status: 'Approved',
    approvedAt: new Date(),
    approvedByUserId: principal.userId,
  });
  const approved = (await lockInvoice(tx, principal.firmId, invoiceId))!;
  await issueInvoice(tx, principal, approved, await matterIdsOf(tx, principal.firmId, invoiceId));
  await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'Approved', 'approved', note);
  await auditInvoice(tx, principal, 'invoice.approved', approved, { total: approved.total });
  return approved;
}
