import { inArray, sql } from 'drizzle-orm';
import { createInvoiceSchema, type Invoice, type UnbilledItems } from '@matterhorn/shared';
import type { Database } from '../db/database.ts';
import { firms, matters } from '../db/schema/index.ts';
import { createInvoiceService } from '../modules/invoices/invoices.service.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const daysAgo = (today: string, days: number) => {
  const moment = new Date(`${today}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() - days);
  return moment.toISOString().slice(0, 10);
};

/**
 * The demo firm's invoices, built through the invoices service so that items are locked, numbers
 * taken and the ledger posted exactly as the app does: a paid one (later credited in part, so the
 * client has a credit balance), a sent one partly paid (10% discount, VAT), and a draft. Each takes only a few of a client's unbilled items, leaving the rest
 * for the invoice page to show.
 */
export async function seedDemoInvoices(database: Database, firm: SeededFirm): Promise<void> {
  await database.db
    .update(firms)
    .set({
      taxName: 'VAT',
      taxPercent: '7.5',
      taxAppliesTo: 'fees',
      defaultPaymentInstructions: 'Transfer to Adebayo & Partners, account 0123456789',
      taxNumber: '21436587-0001',
      invoiceAccentColour: '#1F4E79',
      invoiceFooter: 'Adebayo & Partners is regulated by the Nigerian Bar Association. Thank you for your instructions.',
    })
    .where(sql`${firms.id} = ${firm.firmId}`);
  const principal = seedPrincipalOf(firm);
  const invoices = createInvoiceService(database);
  const matterRows = await database.withFirm(firm.firmId, (tx) =>
    tx.select({ id: matters.id, clientId: matters.clientId }).from(matters).where(inArray(matters.id, firm.matterIds)),
  );
  const clientOf = new Map(matterRows.map((row) => [row.id, row.clientId]));
  const clientIds = [...new Set(firm.matterIds.map((id) => clientOf.get(id)!))];
  const todayText = new Date().toISOString().slice(0, 10);

  const draftFrom = async (
    clientId: string,
    items: UnbilledItems,
    issueDaysAgo: number,
    extra: Record<string, unknown> = {},
  ): Promise<Invoice | null> => {
    const chosen = {
      timeEntryIds: items.timeEntries.slice(0, 2).map((entry) => entry.id),
      expenseIds: items.expenses.slice(0, 1).map((expense) => expense.id),
      // The demo's flat fees stay unbilled for the invoice page to offer.
      flatFeeIds: [],
    };
    if (chosen.timeEntryIds.length + chosen.expenseIds.length + chosen.flatFeeIds.length === 0) return null;
    const input = createInvoiceSchema.parse({ clientId, ...chosen, issueDate: daysAgo(todayText, issueDaysAgo), ...extra });
    return invoices.create(principal, input);
  };

  const plans: ((invoice: Invoice) => Promise<unknown>)[] = [
    // Paid in full.
    async (invoice) => {
      const sent = await invoices.send(principal, invoice.id, { sentDate: invoice.issueDate, message: null });
      await invoices.recordPayment(principal, invoice.id, {
        amount: sent.totals.balanceDue,
        paymentDate: daysAgo(todayText, 20),
        method: 'Bank transfer',
        reference: 'NIP/DEMO/001',
      });
      // After payment the firm credits a disbursement billed in error: the client now has a credit balance.
      const lastLine = [...sent.expenses, ...sent.fees].at(0);
      if (lastLine)
        await invoices.createCreditNote(principal, invoice.id, {
          reason: 'Disbursement billed in error',
          lineIds: [lastLine.id],
          releaseItems: false,
          creditDate: daysAgo(todayText, 10),
        });
    },
    // Sent, partly paid.
    async (invoice) => {
      const sent = await invoices.send(principal, invoice.id, { sentDate: invoice.issueDate, message: null });
      const half = (BigInt(sent.totals.balanceDue.replace('.', '')) / 2n).toString().padStart(3, '0');
      await invoices.recordPayment(principal, invoice.id, {
        amount: `${half.slice(0, -2)}.${half.slice(-2)}`,
        paymentDate: daysAgo(todayText, 3),
        method: 'Cheque',
        reference: 'CHQ 000123',
      });
    },
    // Left as a draft.
    async () => undefined,
  ];
  const extras: Record<string, unknown>[] = [{}, { discountType: 'percent', discountValue: '10' }, {}];
  const issueDays = [60, 25, 0];
  let planIndex = 0;
  for (const clientId of clientIds) {
    if (planIndex >= plans.length) break;
    const items = await invoices.unbilledItems(principal, { ClientId: clientId, MatterId: [] });
    const invoice = await draftFrom(clientId, items, issueDays[planIndex]!, extras[planIndex]);
    if (!invoice) continue;
    await plans[planIndex]!(invoice);
    planIndex += 1;
  }
}
