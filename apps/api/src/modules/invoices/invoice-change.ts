import type { Database, Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent, type AuditEvent } from '../../platform/audit/audit.ts';
import { findInvoiceSettings, lockInvoice, type InvoiceRow, type InvoiceSettingsRow } from './invoices.repository.ts';

/**
 * Runs a change on one locked invoice of the firm (404 when it is not the firm's), with the firm's
 * invoice settings: every change of an invoice locks it first, so two changes never interleave.
 */
export const changeInvoice = <T>(
  database: Database,
  principal: FirmPrincipal,
  invoiceId: string,
  fn: (tx: Tx, invoice: InvoiceRow, settings: InvoiceSettingsRow) => Promise<T>,
) => database.withFirm(principal.firmId, (tx) => changeInvoiceIn(tx, principal, invoiceId, fn));

/** The same inside a transaction the caller holds (a batch runs each invoice in a savepoint of its own). */
export async function changeInvoiceIn<T>(
  tx: Tx,
  principal: FirmPrincipal,
  invoiceId: string,
  fn: (tx: Tx, invoice: InvoiceRow, settings: InvoiceSettingsRow) => Promise<T>,
): Promise<T> {
  const invoice = await lockInvoice(tx, principal.firmId, invoiceId);
  if (!invoice) throw notFound('Invoice');
  const settings = await findInvoiceSettings(tx, principal.firmId);
  return fn(tx, invoice, settings);
}

/** An invoice's audit event names its number beside what changed. */
export const auditInvoice = (
  tx: Tx,
  principal: FirmPrincipal,
  event: AuditEvent,
  invoice: InvoiceRow,
  details: Record<string, unknown> = {},
) => recordAuditEvent(tx, principal, event, invoice.id, { invoiceNumber: invoice.invoiceNumber, ...details });
