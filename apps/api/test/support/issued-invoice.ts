import { sql } from 'drizzle-orm';
import type { TimeEntryFixture } from './time-entry-fixtures.ts';

/**
 * An issued invoice of one flat fee for a matter of the fixture's firm, optionally in another
 * currency than the firm's home one (the invoice form bills in the home currency; a foreign invoice
 * is a draft moved to that currency before it is approved, so its issue entry posts in it).
 */
export async function issueFlatFeeInvoice(
  fixture: TimeEntryFixture,
  options: { amount: string; matter: { id: string; clientId: string }; issueDate?: string; currencyCode?: string; token?: string },
): Promise<{ id: string; invoiceNumber: string; clientId: string; total: string }> {
  const token = options.token ?? fixture.tokens.admin;
  const issueDate = options.issueDate ?? '2025-06-01';
  const fee = await fixture.call('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', token, {
    clientId: options.matter.clientId,
    matterId: options.matter.id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: issueDate,
    description: 'Advice',
    amount: options.amount,
  });
  if (fee.statusCode !== 201) throw new Error(`Flat fee not created: ${fee.body}`);
  const draft = await fixture.call('POST', '/api/admin/invoice/create-invoice', token, {
    clientId: options.matter.clientId,
    matterIds: [options.matter.id],
    flatFeeIds: [fee.json().data.id],
    issueDate,
    taxPercent: '0',
  });
  if (draft.statusCode !== 201) throw new Error(`Draft not created: ${draft.body}`);
  const id = draft.json().data.id as string;
  if (options.currencyCode)
    await fixture.context.database.db.execute(
      sql`update invoices set currency_id = (select id from currencies where iso_code = ${options.currencyCode}) where id = ${id}`,
    );
  const approved = await fixture.call('POST', `/api/admin/invoice/approve-invoice/${id}`, token, {});
  if (approved.statusCode !== 200) throw new Error(`Invoice not approved: ${approved.body}`);
  const invoice = approved.json().data;
  return { id, invoiceNumber: invoice.invoiceNumber, clientId: invoice.clientId, total: invoice.totals.total };
}
