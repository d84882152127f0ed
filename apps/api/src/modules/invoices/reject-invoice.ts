import type { Invoice } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { assertInvoiceAction } from './invoice-transitions.ts';
import { viewOf } from './invoice-view.ts';
import { insertEvent, updateInvoice } from './invoices.repository.ts';

/**
 * Awaiting approval → Draft: the approver sends it back with a reason, answered as lastRejection
 * (the view shows it on the draft). Nothing was posted (an invoice posts when approved), so nothing is
 * reversed; it keeps the number it took at submission, and its items stay locked to it.
 */
export const rejectInvoice = (database: Database, principal: FirmPrincipal, invoiceId: string, reason: string): Promise<Invoice> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
    assertInvoiceAction('reject', invoice, settings);
    await updateInvoice(tx, principal.firmId, invoiceId, { status: 'Draft' });
    await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'Draft', 'rejected', reason);
    await auditInvoice(tx, principal, 'invoice.rejected', invoice, {
      before: { status: invoice.status },
      after: { status: 'Draft' },
      reason,
    });
    return viewOf(tx, principal, invoiceId);
  });
