import type { Readable } from 'node:stream';
import { compareMoney, type PaymentReport } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStoredFile, storeUpload, type FileStore, type UploadRules } from '../../platform/files/files.ts';
import { lockInvoiceForPayment, postInvoicePayment } from '../invoices/invoices.api.ts';
import { createTrustDepositPoster } from '../trust/trust.api.ts';
import { findClientTrustRequestsToPay, trustRequestBalanceDue } from '../trust-requests/trust-requests.api.ts';
import {
  decidePaymentReport,
  findClientInvoiceBalance,
  findPaymentReport,
  findPaymentReports,
  findProof,
  insertPaymentReport,
  lockPaymentReport,
  type PaymentReportReadRow,
} from './payment-reports.repository.ts';

/** A proof of payment: a bank's PDF or a photo of the slip, checked by content, at most 10 MB. */
const PROOF_RULES: UploadRules = {
  what: 'Proof of payment',
  maxBytes: 10 * 1024 * 1024,
  types: { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/heic': 'HEIC' },
};
export const PROOF_MAX_BYTES = PROOF_RULES.maxBytes;

const MESSAGES = {
  alreadyReported: 'A payment you reported on this invoice is waiting for the firm to confirm it',
  overpayment: 'The amount is more than the invoice still owes',
  notPayable: 'This invoice has nothing left to pay',
  requestAlreadyReported: 'A payment you reported on this trust request is waiting for the firm to confirm it',
  requestOverpayment: 'The amount is more than the trust request still asks for',
  requestNotPayable: 'This trust request has nothing left to pay',
  decided: 'This payment has been confirmed or rejected already',
  withholdingTaxOnTrust: 'Money paid into trust has no withholding tax deducted',
};

type ReportFields = { invoiceId?: string; trustRequestId?: string; amount: string; paymentDate: string; reference?: string | null };
type Tx = Parameters<Parameters<Database['withFirm']>[1]>[0];

/** The report in the client's and the firm's words: a trust request's balance is what the request still asks. */
function reportOf(row: PaymentReportReadRow): PaymentReport {
  const { requestAmount, requestPaidAmount, balanceDue, ...rest } = row;
  return {
    ...rest,
    balanceDue:
      row.kind === 'trustRequest' ? trustRequestBalanceDue(requestAmount ?? '0', requestPaidAmount ?? '0') : (balanceDue ?? '0.00'),
  };
}

/** What the report pays and what that item still owes; not found unless it is the client's and was sent to them. */
async function payableItem(tx: Tx, firmId: string, clientId: string, fields: ReportFields) {
  if (fields.trustRequestId) {
    const [request] = await findClientTrustRequestsToPay(tx, firmId, clientId, fields.trustRequestId);
    if (!request) throw notFound('Trust request');
    return {
      item: { trustRequestId: request.id },
      balanceDue: request.balanceDue,
      isPayable: request.status !== 'Paid',
      messages: {
        notPayable: MESSAGES.requestNotPayable,
        overpayment: MESSAGES.requestOverpayment,
        waiting: MESSAGES.requestAlreadyReported,
      },
    };
  }
  const invoice = await findClientInvoiceBalance(tx, firmId, clientId, fields.invoiceId ?? '');
  if (!invoice) throw notFound('Invoice');
  return {
    item: { invoiceId: fields.invoiceId! },
    balanceDue: invoice.balanceDue,
    isPayable: invoice.status !== 'Void',
    messages: { notPayable: MESSAGES.notPayable, overpayment: MESSAGES.overpayment, waiting: MESSAGES.alreadyReported },
  };
}

/**
 * Bank transfers a client reports with a proof of payment (no gateway needed), and the firm's
 * decision on each. A confirmation records the payment through the invoices module's own payment
 * path (journal entry, receipt number) in the transaction that decides the report, which is locked
 * first: a report is paid once, however often "Confirm" is pressed.
 */
export function createPaymentReportService({ database, files }: { database: Database; files: FileStore }) {
  const postTrustDeposit = createTrustDepositPoster(database);

  /**
   * The confirmed transfer paid into trust against the request, by the trust module's own deposit
   * (ledger, journal entry, the request's paid amount and status), in the decision's transaction.
   */
  async function depositTrustRequest(
    tx: Tx,
    principal: FirmPrincipal,
    trustRequestId: string,
    report: { clientId: string; amount: string; paymentDate: string; reference: string | null },
  ) {
    const [request] = await findClientTrustRequestsToPay(tx, principal.firmId, report.clientId, trustRequestId);
    if (!request) throw notFound('Trust request');
    if (compareMoney(report.amount, request.balanceDue) > 0) throw conflict(MESSAGES.requestOverpayment);
    return postTrustDeposit(tx, principal, {
      trustAccountId: request.trustAccountId,
      clientId: report.clientId,
      matterId: request.matterId,
      amount: report.amount,
      depositDate: report.paymentDate,
      method: 'Bank transfer',
      reference: report.reference ?? request.requestNumber,
      payer: null,
      isCleared: true,
      trustRequestId,
    });
  }

  return {
    async report(principal: PortalPrincipal, fields: ReportFields, proof: { content: Readable; fileName: string }): Promise<PaymentReport> {
      const { firmId, clientId } = principal;
      const check = async () =>
        database.withFirm(
          firmId,
          async (tx) => {
            const payable = await payableItem(tx, firmId, clientId, fields);
            if (!payable.isPayable || compareMoney(payable.balanceDue, '0') <= 0) throw conflict(payable.messages.notPayable);
            if (compareMoney(fields.amount, payable.balanceDue) > 0)
              throw badRequest(payable.messages.overpayment, { amount: payable.messages.overpayment });
          },
          READ_ONLY,
        );
      await check();
      const stored = await storeUpload(files, proof, PROOF_RULES);
      const id = await recordStoredFile(files, stored, () =>
        database.withFirm(firmId, async (tx) => {
          const payable = await payableItem(tx, firmId, clientId, fields);
          return insertPaymentReport(tx, {
            firmId,
            clientId,
            item: payable.item,
            portalAccountId: principal.portalAccountId,
            amount: fields.amount,
            paymentDate: fields.paymentDate,
            reference: fields.reference || null,
            proof: { key: stored.key, fileName: stored.fileName, contentType: stored.contentType, size: stored.size },
          }).catch((error: unknown) => {
            throw isUniqueViolation(error) ? conflict(payable.messages.waiting) : error;
          });
        }),
      );
      return reportOf((await database.withFirm(firmId, (tx) => findPaymentReport(tx, firmId, id), READ_ONLY))!);
    },

    /** The client's own reports, newest first. */
    clientReports: async (principal: PortalPrincipal): Promise<PaymentReport[]> =>
      (
        await database.withFirm(
          principal.firmId,
          (tx) => findPaymentReports(tx, principal.firmId, { clientId: principal.clientId }),
          READ_ONLY,
        )
      ).map(reportOf),

    list: async (principal: FirmPrincipal, status?: string): Promise<PaymentReport[]> =>
      (await database.withFirm(principal.firmId, (tx) => findPaymentReports(tx, principal.firmId, { status }), READ_ONLY)).map(reportOf),

    confirm: (principal: FirmPrincipal, id: string, withholdingTaxAmount: string | null = null): Promise<PaymentReport> =>
      database.withFirm(principal.firmId, async (tx) => {
        const report = await lockPaymentReport(tx, principal.firmId, id);
        if (!report) throw notFound('Payment report');
        if (report.status !== 'reported') throw conflict(MESSAGES.decided);
        if (report.trustRequestId) {
          if (withholdingTaxAmount && compareMoney(withholdingTaxAmount, '0') > 0)
            throw badRequest(MESSAGES.withholdingTaxOnTrust, { withholdingTaxAmount: MESSAGES.withholdingTaxOnTrust });
          const deposit = await depositTrustRequest(tx, principal, report.trustRequestId, report);
          await decidePaymentReport(tx, principal.firmId, id, {
            status: 'confirmed',
            userId: principal.userId,
            trustTransactionId: deposit.id,
          });
          await recordAuditEvent(tx, principal, 'paymentReport.confirmed', id, {
            trustRequestId: report.trustRequestId,
            trustTransactionNumber: deposit.number,
          });
          return reportOf((await findPaymentReport(tx, principal.firmId, id))!);
        }
        const invoice = await lockInvoiceForPayment(tx, principal.firmId, report.invoiceId!);
        if (!invoice) throw notFound('Invoice');
        const payment = await postInvoicePayment(tx, principal, invoice.row, {
          amount: report.amount,
          paymentDate: report.paymentDate,
          method: 'Bank transfer',
          reference: report.reference,
          memoSuffix: 'reported by the client',
          withholdingTaxAmount,
        });
        await decidePaymentReport(tx, principal.firmId, id, {
          status: 'confirmed',
          userId: principal.userId,
          paymentId: payment.paymentId,
        });
        await recordAuditEvent(tx, principal, 'paymentReport.confirmed', id, {
          invoiceId: report.invoiceId,
          receiptNumber: payment.receiptNumber,
          ...(withholdingTaxAmount ? { withholdingTaxAmount } : {}),
        });
        return reportOf((await findPaymentReport(tx, principal.firmId, id))!);
      }),

    reject: (principal: FirmPrincipal, id: string, reason: string): Promise<PaymentReport> =>
      database.withFirm(principal.firmId, async (tx) => {
        const report = await lockPaymentReport(tx, principal.firmId, id);
        if (!report) throw notFound('Payment report');
        if (report.status !== 'reported') throw conflict(MESSAGES.decided);
        await decidePaymentReport(tx, principal.firmId, id, { status: 'rejected', userId: principal.userId, rejectionReason: reason });
        await recordAuditEvent(tx, principal, 'paymentReport.rejected', id, {
          invoiceId: report.invoiceId,
          trustRequestId: report.trustRequestId,
          reason,
        });
        return reportOf((await findPaymentReport(tx, principal.firmId, id))!);
      }),

    /** The proof's bytes for the firm (any report of the firm) or the client (their own). */
    async proof(firmId: string, id: string, clientId?: string) {
      const proof = await database.withFirm(firmId, (tx) => findProof(tx, firmId, id, clientId), READ_ONLY);
      if (!proof) throw notFound('Proof of payment');
      const content = await files.read(proof.storageKey);
      if (!content) throw notFound('Proof of payment');
      return { fileName: proof.fileName, contentType: proof.contentType, sizeBytes: proof.sizeBytes, content };
    },
  };
}
export type PaymentReportService = ReturnType<typeof createPaymentReportService>;
