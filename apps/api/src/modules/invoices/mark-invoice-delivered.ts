import type { z } from 'zod';
import type { Invoice, InvoiceStatus, markDeliveredSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { assertInvoiceAction } from './invoice-transitions.ts';
import { viewOf } from './invoice-view.ts';
import { insertEvent, updateInvoice } from './invoices.repository.ts';

/** Delivered by hand on a date: the bill-of-charges clock runs from it. */
export const markInvoiceDelivered = (
  database: Database,
  principal: FirmPrincipal,
  invoiceId: string,
  input: z.output<typeof markDeliveredSchema>,
): Promise<Invoice> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
    assertInvoiceAction('markDelivered', invoice, settings);
    await updateInvoice(tx, principal.firmId, invoiceId, { deliveredDate: input.deliveredDate, deliveryMethod: 'hand' });
    await insertEvent(
      tx,
      principal.firmId,
      invoiceId,
      principal.userId,
      invoice.status as InvoiceStatus,
      'delivered',
      `By hand on ${input.deliveredDate}`,
    );
    await auditInvoice(tx, principal, 'invoice.delivered', invoice, {
      before: { deliveredDate: invoice.deliveredDate },
      after: { deliveredDate: input.deliveredDate, deliveryMethod: 'hand' },
    });
    return viewOf(tx, principal, invoiceId);
  });
