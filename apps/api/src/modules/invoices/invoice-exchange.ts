import { INVOICE_MESSAGES } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { firmRateOn, homeCurrencyOf } from '../../platform/ledger/ledger.ts';
import { findIssueReceivableRate } from './invoice-exchange.repository.ts';
import type { PaymentExchange } from './invoices.postings.ts';

/**
 * The rates a payment of the invoice converts at (ADR 0051): none for an invoice in the firm's home
 * currency (a rate given for one is refused, 400); else the invoice's, as its receivable was
 * booked, and the payment's — the one given, else the firm's on the payment date.
 */
export async function paymentExchangeOf(
  tx: Tx,
  firmId: string,
  invoice: { id: string; currency: string },
  payment: { date: string; exchangeRate?: string | null },
): Promise<PaymentExchange | null> {
  const homeCurrency = await homeCurrencyOf(tx, firmId);
  if (invoice.currency === homeCurrency) {
    if (payment.exchangeRate)
      throw badRequest(INVOICE_MESSAGES.exchangeRateInHomeCurrency, { exchangeRate: INVOICE_MESSAGES.exchangeRateInHomeCurrency });
    return null;
  }
  return {
    homeCurrency,
    invoiceRate: await findIssueReceivableRate(tx, firmId, invoice.id),
    paymentRate: payment.exchangeRate || (await firmRateOn(tx, firmId, invoice.currency, payment.date)),
  };
}
