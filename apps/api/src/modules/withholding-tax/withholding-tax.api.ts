import {
  compareMoney,
  defaultWithholdingTaxCategory,
  subtractMoney,
  proposeWithholdingTax,
  withholdingTaxFeePart,
  withholdingTaxRoom,
  type ClientWithholdingTax,
  type FeePartFigures,
  type InvoiceWithholdingTax,
  type WithholdingTaxCreditNote,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import {
  findClientTreatment,
  findCreditNotesOfPayments,
  findFirmRates,
  sumCreditedFees,
  sumWithheld,
} from './withholding-tax.repository.ts';

/**
 * The withholding-tax module's public surface (ADR 0093): how a client is treated, and an invoice's
 * WHT figures, for the invoices module's payment path and page; the credit notes of payments.
 */

/** A rate as the firm typed it: "10", "7.5" (numeric columns answer "10.00"). */
export const plainPercent = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/** The client's WHT kind and rate; null when the client is not the firm's. */
export async function clientWithholdingTaxOf(tx: Tx, firmId: string, clientId: string): Promise<ClientWithholdingTax | null> {
  const [treatment, rates] = [await findClientTreatment(tx, firmId, clientId), await findFirmRates(tx, firmId)];
  if (!treatment) return null;
  const category = treatment.category ?? defaultWithholdingTaxCategory(treatment.clientType);
  const firmRate = plainPercent(
    { company: rates.companyRate, government: rates.governmentRate, individual: rates.individualRate }[category],
  );
  const rateOverride = treatment.rateOverride === null ? null : plainPercent(treatment.rateOverride);
  return { clientId, category, isCategoryDefault: treatment.category === null, rateOverride, firmRate, rate: rateOverride ?? firmRate };
}

export type InvoiceForWithholdingTax = FeePartFigures & { id: string; clientId: string; balanceDue: string };

/** An invoice's fee part (after its credit notes) and the WHT its payments already deducted. */
export async function withholdingTaxRoomOf(tx: Tx, firmId: string, invoice: InvoiceForWithholdingTax) {
  const [creditedFees, withheld] = [await sumCreditedFees(tx, firmId, invoice.id), await sumWithheld(tx, firmId, invoice.id)];
  const feePart = withholdingTaxFeePart({ ...invoice, creditedFees });
  return { feePart, withheld, room: withholdingTaxRoom(feePart, withheld) };
}

/**
 * The part of the WHT a client said it deducted (paying online, net) that the invoice can still take
 * beside the money received: never more than its fee part still open, nor than the money leaves
 * owing; null when nothing fits (the invoice was paid or had its tax recorded in the meantime).
 */
export async function withholdingTaxThatFits(
  tx: Tx,
  firmId: string,
  invoice: InvoiceForWithholdingTax,
  payment: { asked: string; received: string },
): Promise<string | null> {
  const { room } = await withholdingTaxRoomOf(tx, firmId, invoice);
  const fits = [payment.asked, room, subtractMoney(invoice.balanceDue, payment.received)].reduce((least, amount) =>
    compareMoney(amount, least) < 0 ? amount : least,
  );
  return compareMoney(fits, '0') > 0 ? fits : null;
}

/** An issued invoice's WHT figures and what to propose with a payment of its balance due. */
export async function invoiceWithholdingTaxOf(
  tx: Tx,
  firmId: string,
  invoice: InvoiceForWithholdingTax,
): Promise<InvoiceWithholdingTax | null> {
  const client = await clientWithholdingTaxOf(tx, firmId, invoice.clientId);
  if (!client) return null;
  const { feePart, withheld } = await withholdingTaxRoomOf(tx, firmId, invoice);
  const proposal = proposeWithholdingTax({ feePart, ratePercent: client.rate, alreadyWithheld: withheld, balanceDue: invoice.balanceDue });
  return {
    category: client.category,
    rate: client.rate,
    feePart,
    withheld,
    proposedAmount: proposal.withholdingTaxAmount,
    amountToReceive: proposal.amountToReceive,
  };
}

/** The credit notes recorded for these payments, by payment id. */
export async function creditNotesOfPayments(
  tx: Tx,
  firmId: string,
  paymentIds: readonly string[],
): Promise<Map<string, WithholdingTaxCreditNote>> {
  const rows = await findCreditNotesOfPayments(tx, firmId, paymentIds);
  return new Map(
    rows.map((row) => [
      row.paymentId,
      {
        creditNoteNumber: row.creditNoteNumber,
        issueDate: row.issueDate,
        fileName: row.fileName,
        recordedAt: row.recordedAt.toISOString(),
        recordedByUserName: row.recordedByUserName,
      },
    ]),
  );
}
