// An invoice as a document: the bill (invoice, firm, trust held), its PDF, and the view a client
// reads through a public link or the portal.
import { compareMoney, type Invoice, type InvoiceLine, type PublicInvoice, type PublicInvoiceLine } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { accountBalances } from '../../platform/ledger/ledger.ts';
import { buildInvoicePdf, viewOf } from '../invoices/invoices.api.ts';
import { findCurrencySymbols, findFirmForBill } from './invoice-links.repository.ts';

export const pdfFileName = (invoice: Invoice) => `${(invoice.invoiceNumber ?? 'draft-invoice').replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf`;

/** Everything a bill shows: the invoice, the firm, and what the firm holds in trust for the client in each currency (credit-normal, so negated). */
export async function billOf(tx: Tx, principal: FirmPrincipal, invoiceId: string) {
  const invoice = await viewOf(tx, principal, invoiceId);
  const firm = await findFirmForBill(tx, principal.firmId);
  if (!firm) throw notFound('Invoice');
  const held = (await accountBalances(tx, principal.firmId, 'client-trust-liability', { clientId: invoice.clientId })).filter(
    (balance) => compareMoney(balance.amount, '0') < 0,
  );
  const symbols = await findCurrencySymbols(
    tx,
    held.map((balance) => balance.currency),
  );
  const trustHeld = held.map((balance) => ({
    currencyCode: balance.currency,
    currencySymbol: symbols.get(balance.currency) ?? balance.currency,
    amount: balance.amount.replace(/^-/, ''),
  }));
  return { invoice, firm, trustHeld };
}

export async function pdfOf(tx: Tx, principal: FirmPrincipal, invoiceId: string) {
  const bill = await billOf(tx, principal, invoiceId);
  const pdf = await buildInvoicePdf({ firm: bill.firm, invoice: bill.invoice, trustHeld: bill.trustHeld });
  return { invoice: bill.invoice, pdf, fileName: pdfFileName(bill.invoice) };
}

const publicLine = (line: InvoiceLine): PublicInvoiceLine => ({
  itemType: line.itemType,
  lineDate: line.lineDate,
  matterName: line.matterName,
  feeEarnerName: line.feeEarnerName,
  description: line.description,
  hours: line.hours,
  rate: line.rate,
  quantity: line.quantity,
  itemAmount: line.itemAmount,
  amount: line.amount,
  adjustment: line.adjustment,
});

/** A sent invoice as its client reads it (the public link and the portal): no internal fields. */
export function clientInvoiceOf(
  { invoice, firm }: Awaited<ReturnType<typeof billOf>>,
  pdfUrl: string,
  creditNotePdfUrl: ((creditNoteId: string) => string) | null = null,
): PublicInvoice {
  return {
    firm: {
      name: firm.name,
      logo: firm.logo,
      address: firm.address,
      phone: firm.phone,
      taxNumber: firm.taxNumber,
      accentColour: firm.accentColour,
      invoiceFooter: firm.invoiceFooter,
    },
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    statusLabel: invoice.statusLabel,
    clientName: invoice.clientName,
    matters: invoice.matters.map((matter) => ({ name: matter.name, matterNumber: matter.matterNumber })),
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    isOverdue: invoice.isOverdue,
    discountType: invoice.discountType,
    discountValue: invoice.discountValue,
    taxName: invoice.taxName,
    taxPercent: invoice.taxPercent,
    notes: invoice.notes,
    paymentInstructions: invoice.paymentInstructions,
    currencySymbol: invoice.currencySymbol,
    fees: invoice.fees.map(publicLine),
    expenses: invoice.expenses.map(publicLine),
    flatFees: invoice.flatFees.map(publicLine),
    totals: invoice.totals,
    payments: invoice.payments.map((payment) => ({
      receiptNumber: payment.receiptNumber,
      amount: payment.amount,
      withholdingTaxAmount: payment.withholdingTaxAmount,
      paymentDate: payment.paymentDate,
      method: payment.method,
      isReversal: payment.isReversal,
    })),
    withholdingTax:
      invoice.withholdingTax && compareMoney(invoice.withholdingTax.proposedAmount, '0') > 0
        ? {
            rate: invoice.withholdingTax.rate,
            feePart: invoice.withholdingTax.feePart,
            amount: invoice.withholdingTax.proposedAmount,
            amountToReceive: invoice.withholdingTax.amountToReceive,
          }
        : null,
    creditNotes: invoice.creditNotes.map((note) => ({
      creditNoteNumber: note.creditNoteNumber,
      creditDate: note.creditDate,
      reason: note.reason,
      total: note.total,
      pdfUrl: creditNotePdfUrl ? creditNotePdfUrl(note.id) : null,
    })),
    deliveredDate: invoice.deliveredDate,
    recoverableFromDate: invoice.billOfChargesClock ? invoice.recoverableFromDate : null,
    voidReason: invoice.status === 'Void' ? invoice.voidReason : null,
    pdfUrl,
  };
}
