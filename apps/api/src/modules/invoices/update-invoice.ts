import type { CreateInvoiceParsed, Invoice } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { checkMatters, releaseItems, saveDraft } from './invoice-draft.ts';
import { assertInvoiceAction } from './invoice-transitions.ts';
import { viewOf } from './invoice-view.ts';
import { findClient, insertEvent, updateInvoice } from './invoices.repository.ts';

/** A draft only: the whole draft again; items added are locked, items dropped released. */
export const updateDraftInvoice = (
  database: Database,
  principal: FirmPrincipal,
  invoiceId: string,
  input: CreateInvoiceParsed,
): Promise<Invoice> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
    assertInvoiceAction('edit', invoice, settings);
    if (input.clientId !== invoice.clientId && !(await findClient(tx, principal.firmId, input.clientId))) throw notFound('Client');
    await checkMatters(tx, principal.firmId, input.clientId, input.matterIds);
    await releaseItems(tx, principal.firmId, invoiceId);
    if (input.clientId !== invoice.clientId) await updateInvoice(tx, principal.firmId, invoiceId, { clientId: input.clientId });
    const saved = await saveDraft(tx, principal, invoiceId, input, settings);
    await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'Draft', 'updated');
    await auditInvoice(tx, principal, 'invoice.updated', invoice, {
      before: { clientId: invoice.clientId, total: invoice.total },
      after: { clientId: input.clientId, total: saved.total, lines: saved.lineCount },
    });
    return viewOf(tx, principal, invoiceId);
  });
