import { sql } from 'drizzle-orm';
import { createInvoiceSchema, type Invoice } from '@matterhorn/shared';
import { rowsOf, type Database } from '../db/database.ts';
import { firms, flatFees } from '../db/schema/index.ts';
import { createInvoiceService } from '../modules/invoices/invoices.service.ts';
import { createWithholdingTaxService } from '../modules/withholding-tax/withholding-tax.service.ts';
import { firmTodayOf } from './firm-today.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const DAY_MS = 86_400_000;
const dateFrom = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Withholding tax in the demo (issue 46): a corporate client with its own 10% rate that pays two
 * fixed-fee invoices net of WHT on the fee part — the first's credit note received, the second's still outstanding (the chase list shows it).
 */
export async function seedDemoWithholdingTax(database: Database, firm: SeededFirm): Promise<void> {
  const principal = seedPrincipalOf(firm);
  const invoices = createInvoiceService(database);
  const withholdingTax = createWithholdingTaxService({ database, files: null });

  const { today, matter } = await database.withFirm(firm.firmId, async (tx) => ({
    today: await firmTodayOf(tx),
    matter: (
      await rowsOf<{ id: string; clientId: string }>(
        tx.execute(sql`select m.id, m.client_id as "clientId" from matters m join clients c on c.firm_id = m.firm_id and c.id = m.client_id
          where c.client_type = 'company' and c.id <> ${firm.portalClient.clientId} and m.status = 'Open' and m.deleted_at is null
          order by m.matter_number limit 1`),
      )
    )[0],
  }));
  if (!matter) return;
  // The company's own rate: the firm's rates stay 0 until it sets them, so no other demo client (and
  // no journey recording its payments) has tax proposed.
  await withholdingTax.updateClient(principal, matter.clientId, { category: 'company', rateOverride: '10' });
  const [home] = await database.db
    .select({ currencyId: firms.homeCurrencyId })
    .from(firms)
    .where(sql`${firms.id} = ${firm.firmId}`);

  const invoiceOf = async (description: string, amount: string, issuedDaysAgo: number): Promise<Invoice> => {
    const issueDate = dateFrom(today, -issuedDaysAgo);
    const [fee] = await database.withFirm(firm.firmId, (tx) =>
      tx
        .insert(flatFees)
        .values({
          firmId: firm.firmId,
          clientId: matter.clientId,
          matterId: matter.id,
          userId: firm.users.feeEarner.id,
          addedByUserId: firm.users.admin.id,
          flatFeeDate: issueDate,
          description,
          amount,
          currencyId: home?.currencyId ?? null,
        })
        .returning({ id: flatFees.id }),
    );
    const draft = await invoices.create(
      principal,
      createInvoiceSchema.parse({ clientId: matter.clientId, flatFeeIds: [fee!.id], issueDate }),
    );
    return invoices.send(principal, draft.id, { sentDate: issueDate, message: null });
  };
  // The client pays what Matterhorn proposes: the balance less 10% of the fee part, the WHT deducted.
  const payNetOfTax = async (invoice: Invoice, paidDaysAgo: number, reference: string) => {
    const proposal = invoice.withholdingTax!;
    const paid = await invoices.recordPayment(principal, invoice.id, {
      amount: proposal.amountToReceive,
      withholdingTaxAmount: proposal.proposedAmount,
      paymentDate: dateFrom(today, -paidDaysAgo),
      method: 'Bank transfer',
      reference,
    });
    return paid.payments.at(-1)!;
  };

  const first = await invoiceOf('Share purchase due diligence (agreed fixed fee)', '2500000.00', 45);
  const firstPayment = await payNetOfTax(first, 30, 'NIP/ZEN/4471');
  await withholdingTax.recordCreditNote(principal, firstPayment.id, {
    creditNoteNumber: 'WHT/LIRS/2026/1187',
    issueDate: dateFrom(today, -12),
  });

  const second = await invoiceOf('Board resolutions and filings at the CAC (agreed fixed fee)', '1800000.00', 20);
  await payNetOfTax(second, 8, 'NIP/ZEN/4592');
}
