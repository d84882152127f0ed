import { bankLine, chooseBankAccount } from '../../platform/ledger/bank-accounts.ts';
import { compareMoney, subtractMoney, addMoney, type ResolveUnappliedPaymentInput } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import { lockInvoiceForPayment, postInvoicePayment } from '../invoices/invoices.api.ts';
import { lockGatewayPaymentById, setUnappliedAmount, type GatewayPaymentRow } from './gateway-payments.repository.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';

export const UNAPPLIED_MESSAGES = {
  nothingHeld: 'This payment holds no unapplied money',
  otherClient: 'The invoice is not this client’s',
  otherCurrency: 'The invoice is in another currency than the money held',
  notPayable: 'The invoice has nothing due',
} as const;

const LABELS: Record<string, string> = { paystack: 'Paystack', stripe: 'Stripe' };
const labelOf = (payment: Pick<GatewayPaymentRow, 'gateway' | 'reference'>) =>
  `${LABELS[payment.gateway] ?? payment.gateway} ${payment.reference}`;

/**
 * Money a gateway took that settles nothing (the invoice was paid another way meanwhile, or we
 * refused the charge) is still the client's: it lands in the operating bank against the
 * unapplied-cash liability, in the webhook's transaction, until the firm refunds or applies it.
 */
export async function holdUnappliedCash(
  tx: Tx,
  actor: FirmPrincipal,
  payment: GatewayPaymentRow,
  held: { amount: string; currencyCode: string; today: string; why: string },
) {
  const currency = held.currencyCode.toUpperCase();
  const bank = await chooseBankAccount(tx, actor.firmId, currency, null);
  await postJournalEntry(tx, actor, {
    entryDate: held.today,
    memo: `${labelOf(payment)}: held unapplied (${held.why})`.slice(0, 500),
    sourceType: 'unapplied-cash',
    sourceId: payment.id,
    currency,
    lines: [
      bankLine(bank.line, { debit: held.amount }, { clientId: payment.clientId }),
      { account: 'unapplied-cash', credit: held.amount, clientId: payment.clientId },
    ],
  });
  const current = await lockGatewayPaymentById(tx, actor.firmId, payment.id);
  await setUnappliedAmount(tx, actor.firmId, payment.id, addMoney(current?.unappliedAmount ?? '0', held.amount), held.currencyCode);
}

/** The firm's hand on money held unapplied: refunded to the client, or applied to one of their open invoices. */
export function createUnappliedCashService(database: Database) {
  return {
    resolve: (principal: FirmPrincipal, paymentId: string, input: ResolveUnappliedPaymentInput) =>
      database.withFirm(principal.firmId, async (tx) => {
        const payment = await lockGatewayPaymentById(tx, principal.firmId, paymentId);
        if (!payment) throw notFound('Online payment');
        const held = payment.unappliedAmount ?? '0';
        if (compareMoney(held, '0') <= 0 || !payment.unappliedCurrencyCode) throw conflict(UNAPPLIED_MESSAGES.nothingHeld);
        const today = await findFirmToday(tx, principal.firmId);
        const reference = input.reference?.trim() || labelOf(payment);
        let resolved = held;
        if (input.action === 'refund') {
          const currency = payment.unappliedCurrencyCode.toUpperCase();
          const bank = await chooseBankAccount(tx, principal.firmId, currency, null);
          await postJournalEntry(tx, principal, {
            entryDate: today,
            memo: `${labelOf(payment)}: unapplied money refunded (${reference})`.slice(0, 500),
            sourceType: 'unapplied-cash',
            sourceId: payment.id,
            currency,
            lines: [
              { account: 'unapplied-cash', debit: held, clientId: payment.clientId },
              bankLine(bank.line, { credit: held }, { clientId: payment.clientId }),
            ],
          });
        } else {
          const invoice = await lockInvoiceForPayment(tx, principal.firmId, input.invoiceId!);
          if (!invoice) throw notFound('Invoice');
          if (invoice.clientId !== payment.clientId)
            throw badRequest(UNAPPLIED_MESSAGES.otherClient, { invoiceId: UNAPPLIED_MESSAGES.otherClient });
          if (invoice.currencyCode !== payment.unappliedCurrencyCode) throw conflict(UNAPPLIED_MESSAGES.otherCurrency);
          if (!invoice.isPayable || compareMoney(invoice.balanceDue, '0') <= 0) throw conflict(UNAPPLIED_MESSAGES.notPayable);
          resolved = compareMoney(held, invoice.balanceDue) <= 0 ? held : invoice.balanceDue;
          await postInvoicePayment(tx, principal, invoice.row, {
            amount: resolved,
            paymentDate: today,
            method: 'Card',
            reference: reference.slice(0, 120),
            memoSuffix: `from unapplied ${labelOf(payment)}`,
            fundingLines: [{ account: 'unapplied-cash', debit: resolved, clientId: payment.clientId }],
          });
        }
        const remaining = subtractMoney(held, resolved);
        await setUnappliedAmount(tx, principal.firmId, payment.id, remaining, payment.unappliedCurrencyCode);
        await recordAuditEvent(
          tx,
          principal,
          input.action === 'refund' ? 'gatewayPayment.unappliedRefunded' : 'gatewayPayment.unappliedApplied',
          payment.id,
          {
            reference: payment.reference,
            amount: resolved,
            currencyCode: payment.unappliedCurrencyCode,
            before: { unappliedAmount: held },
            after: { unappliedAmount: remaining },
            ...(input.action === 'apply' ? { invoiceId: input.invoiceId } : {}),
            note: reference,
          },
        );
        return { id: payment.id, unappliedAmount: remaining, currencyCode: payment.unappliedCurrencyCode };
      }),
  };
}
