import type { Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { releaseItems } from './invoice-draft.ts';
import { assertInvoiceAction } from './invoice-transitions.ts';
import { updateInvoice } from './invoices.repository.ts';

/** A draft only (soft); its items return to unbilled. */
export const deleteInvoice = (database: Database, principal: FirmPrincipal, invoiceId: string): Promise<void> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
    assertInvoiceAction('delete', invoice, settings);
    await releaseItems(tx, principal.firmId, invoiceId);
    await updateInvoice(tx, principal.firmId, invoiceId, { deletedAt: new Date(), deletedByUserId: principal.userId });
    await auditInvoice(tx, principal, 'invoice.deleted', invoice, { before: { clientId: invoice.clientId, total: invoice.total } });
  });
