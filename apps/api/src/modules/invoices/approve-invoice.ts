import type { Invoice } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { assertInvoiceAction } from './invoice-transitions.ts';
import { viewOf } from './invoice-view.ts';
import { insertEvent, lockInvoice, updateInvoice } from './invoices.repository.ts';
import { issueInvoice, matterIdsOf, numberInvoice } from './issue-invoice.ts';

/** Awaiting approval → Approved (or a draft straight to Approved when the firm needs no approval): issued. */
export const approveInvoice = (database: Database, principal: FirmPrincipal, invoiceId: string, note: string | null): Promise<Invoice> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
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
    return viewOf(tx, principal, invoiceId);
  });
