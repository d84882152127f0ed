import { bankLine, chooseBankAccount } from '../../platform/ledger/bank-accounts.ts';
import { compareMoney } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import { lockInvoiceForPayment, postInvoicePayment } from '../invoices/invoices.api.ts';
import { createTrustDepositPoster } from '../trust/trust.api.ts';
import { withholdingTaxThatFits } from '../withholding-tax/withholding-tax.api.ts';
import {
  findClientName,
  findTrustRequestLedger,
  findTrustRequestStatus,
  settleGatewayPayment,
  type GatewayPaymentRow,
} from './gateway-payments.repository.ts';
import { splitAgainstBalance } from './gateway-payments.rules.ts';
import { holdUnappliedCash } from './unapplied-cash.ts';

type Settlement = {
  gateway: string;
  eventId: string;
  eventType: string;
  reference: string;
  /** The gateway's fee, when it reports one: the firm's cost, booked to bank charges, never taken from the client's money. */
  fee: string | null;
  transactionId: string | null;
  today: string;
};

const GATEWAY_LABELS: Record<string, string> = { paystack: 'Paystack', stripe: 'Stripe' };

/**
 * Records a confirmed gateway payment through the owning modules' own paths, in the webhook's
 * transaction: an invoice's payment path (receipt, journal entry), or a trust deposit against the
 * request for the full amount paid. The gateway's fee is the firm's cost, paid from operating money
 * (bank charges against the operating bank), whichever account the payment landed in: trust is never
 * reduced by it.
 */
export function createPaymentRecorder(database: Database) {
  const postDeposit = createTrustDepositPoster(database);

  async function recordInvoicePayment(
    tx: Tx,
    actor: FirmPrincipal,
    payment: GatewayPaymentRow & { invoiceId: string },
    settlement: Settlement,
  ) {
    const invoice = await lockInvoiceForPayment(tx, actor.firmId, payment.invoiceId);
    // Paid in the meantime (a bank transfer, another tab): record what the invoice still owes; the rest is flagged for a refund.
    const { applied, excess } = splitAgainstBalance(payment.amount, invoice?.isPayable ? invoice.balanceDue : '0');
    let recordedId: string | null = null;
    if (invoice && compareMoney(applied, '0') > 0) {
      // Paying net of WHT: the tax settles the rest, as far as the invoice still has room for it (never fails the webhook).
      const withholdingTaxAmount =
        payment.withholdingTaxAmount && compareMoney(applied, payment.amount) === 0
          ? await withholdingTaxThatFits(tx, actor.firmId, invoice.row, { asked: payment.withholdingTaxAmount, received: applied })
          : null;
      const posted = await postInvoicePayment(tx, actor, invoice.row, {
        amount: applied,
        withholdingTaxAmount,
        paymentDate: settlement.today,
        method: 'Card',
        reference: `${GATEWAY_LABELS[settlement.gateway] ?? settlement.gateway} ${payment.reference}`,
        memoSuffix: `paid online through ${GATEWAY_LABELS[settlement.gateway] ?? settlement.gateway}`,
      });
      recordedId = posted.paymentId;
    }
    if (compareMoney(excess, '0') > 0) {
      await holdUnappliedCash(tx, actor, payment, {
        amount: excess,
        currencyCode: payment.currencyCode,
        today: settlement.today,
        why: 'the invoice had been paid in the meantime',
      });
      await recordAuditEvent(tx, actor, 'gatewayPayment.excessToRefund', payment.id, {
        gateway: settlement.gateway,
        eventId: settlement.eventId,
        reference: payment.reference,
        invoiceId: payment.invoiceId,
        amount: payment.amount,
        applied,
        excess,
        reason: 'The invoice had been paid in the meantime: refund the excess to the client',
      });
    }
    return { recordedId, applied };
  }

  async function recordTrustDeposit(
    tx: Tx,
    actor: FirmPrincipal,
    payment: GatewayPaymentRow & { trustRequestId: string },
    settlement: Settlement,
  ) {
    const ledger = (await findTrustRequestLedger(tx, actor.firmId, payment.trustRequestId))!;
    const status = await findTrustRequestStatus(tx, actor.firmId, payment.trustRequestId);
    // The money is the client's and lands in trust whatever happened to the request; it settles the request only while open.
    const isOpen = status === 'Sent' || status === 'PartlyPaid';
    const deposit = await postDeposit(tx, actor, {
      trustAccountId: ledger.trustAccountId,
      clientId: ledger.clientId,
      matterId: ledger.matterId,
      amount: payment.amount,
      depositDate: settlement.today,
      method: 'Card',
      reference: `${GATEWAY_LABELS[settlement.gateway] ?? settlement.gateway} ${payment.reference}`.slice(0, 120),
      payer: (await findClientName(tx, actor.firmId, ledger.clientId)) ?? null,
      isCleared: true,
      trustRequestId: isOpen ? payment.trustRequestId : null,
    });
    return { recordedId: deposit.id, applied: payment.amount, requestWasOpen: isOpen };
  }

  async function postGatewayFee(tx: Tx, actor: FirmPrincipal, payment: GatewayPaymentRow, settlement: Settlement, fee: string) {
    const gateway = GATEWAY_LABELS[settlement.gateway] ?? settlement.gateway;
    const currency = payment.currencyCode.toUpperCase();
    // The gateway keeps its fee out of what it pays into the firm's default bank account for the currency.
    const bank = await chooseBankAccount(tx, actor.firmId, currency, null);
    await postJournalEntry(tx, actor, {
      entryDate: settlement.today,
      memo: `${gateway} fee on payment ${payment.reference}`,
      sourceType: 'gateway-fee',
      sourceId: payment.id,
      currency,
      lines: [
        { account: 'bank-charges', debit: fee, clientId: payment.clientId },
        bankLine(bank.line, { credit: fee }, { clientId: payment.clientId }),
      ],
    });
  }

  return {
    async record(tx: Tx, actor: FirmPrincipal, payment: GatewayPaymentRow, settlement: Settlement) {
      const result = payment.invoiceId
        ? await recordInvoicePayment(tx, actor, { ...payment, invoiceId: payment.invoiceId }, settlement)
        : await recordTrustDeposit(tx, actor, { ...payment, trustRequestId: payment.trustRequestId! }, settlement);
      await settleGatewayPayment(tx, actor.firmId, payment.id, {
        transactionId: settlement.transactionId,
        fee: settlement.fee,
        recordedId: result.recordedId,
      });
      if (settlement.fee && compareMoney(settlement.fee, '0') > 0) await postGatewayFee(tx, actor, payment, settlement, settlement.fee);
      await recordAuditEvent(tx, actor, 'gatewayPayment.recorded', payment.id, {
        gateway: settlement.gateway,
        eventId: settlement.eventId,
        eventType: settlement.eventType,
        reference: payment.reference,
        transactionId: settlement.transactionId,
        invoiceId: payment.invoiceId,
        trustRequestId: payment.trustRequestId,
        amount: payment.amount,
        recorded: result.applied,
        currencyCode: payment.currencyCode,
        fee: settlement.fee,
        ...('requestWasOpen' in result && !result.requestWasOpen
          ? { note: 'The trust request was no longer open: deposited to the client’s trust ledger' }
          : {}),
      });
    },
  };
}
