import type { CreateInvoiceParsed, Invoice } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { checkMatters, saveDraft } from './invoice-draft.ts';
import { viewOf } from './invoice-view.ts';
import { findClient, findInvoiceSettings, insertEvent, insertInvoice } from './invoices.repository.ts';

/**
 * A new draft in the caller's transaction, its client and matters already checked: its chosen items
 * are locked to it, its lines and figures computed here (the create call and a bill run's drafts).
 */
export async function insertDraftInvoice(tx: Tx, principal: FirmPrincipal, input: CreateInvoiceParsed) {
  const settings = await findInvoiceSettings(tx, principal.firmId);
  const today = settings.today;
  const id = await insertInvoice(tx, {
    firmId: principal.firmId,
    clientId: input.clientId,
    status: 'Draft',
    issueDate: today,
    dueDate: today,
    currencyId: settings.homeCurrencyId,
    createdByUserId: principal.userId,
  });
  const saved = await saveDraft(tx, principal, id, input, settings);
  await insertEvent(tx, principal.firmId, id, principal.userId, 'Draft', 'created');
  await recordAuditEvent(tx, principal, 'invoice.created', id, {
    after: { clientId: input.clientId, total: saved.total, lines: saved.lineCount },
  });
  return { id, total: saved.total };
}

/** A new draft for a client: its chosen items are locked to it, its lines and figures computed here. */
export const createInvoice = (database: Database, principal: FirmPrincipal, input: CreateInvoiceParsed): Promise<Invoice> =>
  database.withFirm(principal.firmId, async (tx) => {
    const client = await findClient(tx, principal.firmId, input.clientId);
    if (!client) throw notFound('Client');
    await checkMatters(tx, principal.firmId, input.clientId, input.matterIds);
    const { id } = await insertDraftInvoice(tx, principal, input);
    return viewOf(tx, principal, id);
  });
