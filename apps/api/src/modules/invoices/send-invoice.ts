import type { z } from 'zod';
import type { Invoice, InvoiceStatus, sendInvoiceSchema } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { auditInvoice, changeInvoice } from './invoice-change.ts';
import { assertInvoiceAction } from './invoice-transitions.ts';
import { viewOf } from './invoice-view.ts';
import { insertEvent, lockInvoice, updateInvoice, type InvoiceRow, type InvoiceSettingsRow } from './invoices.repository.ts';
import { issueInvoice, matterIdsOf, numberInvoice } from './issue-invoice.ts';

type SendInput = z.output<typeof sendInvoiceSchema>;

/**
 * The send hook: what else happens when an invoice is sent (the email with its PDF, the public
 * link). It runs inside the send transaction, after the invoice is marked Sent with its delivery
 * date; throwing undoes the send. The PDF / email / public-link module registers it in app.ts.
 */
export type InvoiceSendHook = (tx: Tx, principal: FirmPrincipal, invoiceId: string, input: SendInput) => Promise<void>;
export type { SendInput };

/**
 * Marks it Sent and records the delivery date (the bill-of-charges clock starts); a resend keeps
 * a paid or partly paid status. A draft is issued on the way when the firm needs no approval.
 * The email, PDF and public link are the send hook's.
 */
export const sendInvoice = (
  database: Database,
  hooks: { onSend?: InvoiceSendHook },
  principal: FirmPrincipal,
  invoiceId: string,
  input: SendInput,
): Promise<Invoice> =>
  changeInvoice(database, principal, invoiceId, async (tx, invoice, settings) => {
    await sendLockedInvoice(tx, hooks, principal, invoice, settings, input);
    return viewOf(tx, principal, invoiceId);
  });

/** The send of an invoice the caller has locked (changeInvoice / changeInvoiceIn), its hook included. */
export async function sendLockedInvoice(
  tx: Tx,
  hooks: { onSend?: InvoiceSendHook },
  principal: FirmPrincipal,
  invoice: InvoiceRow,
  settings: InvoiceSettingsRow,
  input: SendInput,
): Promise<void> {
  const invoiceId = invoice.id;
  assertInvoiceAction('send', invoice, settings);
  let current = invoice;
  if (invoice.status === 'Draft') {
    const number = await numberInvoice(tx, principal, invoice, settings);
    await updateInvoice(tx, principal.firmId, invoiceId, { ...number, status: 'Approved' });
    current = (await lockInvoice(tx, principal.firmId, invoiceId))!;
    await issueInvoice(tx, principal, current, await matterIdsOf(tx, principal.firmId, invoiceId));
  }
  const sentDate = input.sentDate ?? settings.today;
  const status: InvoiceStatus = current.status === 'PartlyPaid' || current.status === 'Paid' ? current.status : 'Sent';
  await updateInvoice(tx, principal.firmId, invoiceId, {
    status,
    sentAt: new Date(),
    // The first delivery starts the clock; a resend does not restart it.
    ...(current.deliveredDate ? {} : { deliveredDate: sentDate, deliveryMethod: 'email' }),
  });
  await insertEvent(tx, principal.firmId, invoiceId, principal.userId, status, current.sentAt ? 'resent' : 'sent', input.toEmail ?? null);
  await auditInvoice(tx, principal, 'invoice.sent', current, { sentDate, toEmail: input.toEmail ?? null });
  if (hooks.onSend) await hooks.onSend(tx, principal, invoiceId, input);
}
