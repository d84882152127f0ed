import type { Readable } from 'node:stream';
import { compareMoney, type PaymentReport } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal, PortalPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStoredFile, storeUpload, type FileStore, type UploadRules } from '../../platform/files/files.ts';
import { lockInvoiceForPayment, postInvoicePayment } from '../invoices/invoices.api.ts';
import {
  decidePaymentReport,
  findClientInvoiceBalance,
  findPaymentReport,
  findPaymentReports,
  findProof,
  insertPaymentReport,
  lockPaymentReport,
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
  decided: 'This payment has been confirmed or rejected already',
};

type ReportFields = { invoiceId: string; amount: string; paymentDate: string; reference?: string | null };

/**
 * Bank transfers a client reports with a proof of payment (no gateway needed), and the firm's
 * decision on each. A confirmation records the payment through the invoices module's own payment
 * path (journal entry, receipt number) in the transaction that decides the report, which is locked
 * first: a report is paid once, however often "Confirm" is pressed.
 */
export function createPaymentReportService({ database, files }: { database: Database; files: FileStore }) {
  return {
    async report(principal: PortalPrincipal, fields: ReportFields, proof: { content: Readable; fileName: string }): Promise<PaymentReport> {
      const { firmId, clientId } = principal;
      const check = async () =>
        database.withFirm(
          firmId,
          async (tx) => {
            const invoice = await findClientInvoiceBalance(tx, firmId, clientId, fields.invoiceId);
            if (!invoice) throw notFound('Invoice');
            if (invoice.status === 'Void' || compareMoney(invoice.balanceDue, '0') <= 0) throw conflict(MESSAGES.notPayable);
            if (compareMoney(fields.amount, invoice.balanceDue) > 0)
              throw badRequest(MESSAGES.overpayment, { amount: MESSAGES.overpayment });
          },
          READ_ONLY,
        );
      await check();
      const stored = await storeUpload(files, proof.content, PROOF_RULES);
      const id = await recordStoredFile(files, stored, () =>
        database.withFirm(firmId, async (tx) => {
          const invoice = await findClientInvoiceBalance(tx, firmId, clientId, fields.invoiceId);
          if (!invoice) throw notFound('Invoice');
          return insertPaymentReport(tx, {
            firmId,
            clientId,
            invoiceId: fields.invoiceId,
            portalAccountId: principal.portalAccountId,
            amount: fields.amount,
            paymentDate: fields.paymentDate,
            reference: fields.reference || null,
            proof: { key: stored.key, fileName: proof.fileName, contentType: stored.contentType, size: stored.size },
          }).catch((error: unknown) => {
            throw isUniqueViolation(error) ? conflict(MESSAGES.alreadyReported) : error;
          });
        }),
      );
      return (await database.withFirm(firmId, (tx) => findPaymentReport(tx, firmId, id), READ_ONLY))!;
    },

    /** The client's own reports, newest first. */
    clientReports: (principal: PortalPrincipal) =>
      database.withFirm(principal.firmId, (tx) => findPaymentReports(tx, principal.firmId, { clientId: principal.clientId }), READ_ONLY),

    list: (principal: FirmPrincipal, status?: string) =>
      database.withFirm(principal.firmId, (tx) => findPaymentReports(tx, principal.firmId, { status }), READ_ONLY),

    confirm: (principal: FirmPrincipal, id: string): Promise<PaymentReport> =>
      database.withFirm(principal.firmId, async (tx) => {
        const report = await lockPaymentReport(tx, principal.firmId, id);
        if (!report) throw notFound('Payment report');
        if (report.status !== 'reported') throw conflict(MESSAGES.decided);
        const invoice = await lockInvoiceForPayment(tx, principal.firmId, report.invoiceId);
        if (!invoice) throw notFound('Invoice');
        const payment = await postInvoicePayment(tx, principal, invoice.row, {
          amount: report.amount,
          paymentDate: report.paymentDate,
          method: 'Bank transfer',
          reference: report.reference,
          memoSuffix: 'reported by the client',
        });
        await decidePaymentReport(tx, principal.firmId, id, {
          status: 'confirmed',
          userId: principal.userId,
          paymentId: payment.paymentId,
        });
        await recordAuditEvent(tx, principal, 'paymentReport.confirmed', id, {
          invoiceId: report.invoiceId,
          receiptNumber: payment.receiptNumber,
        });
        return (await findPaymentReport(tx, principal.firmId, id))!;
      }),

    reject: (principal: FirmPrincipal, id: string, reason: string): Promise<PaymentReport> =>
      database.withFirm(principal.firmId, async (tx) => {
        const report = await lockPaymentReport(tx, principal.firmId, id);
        if (!report) throw notFound('Payment report');
        if (report.status !== 'reported') throw conflict(MESSAGES.decided);
        await decidePaymentReport(tx, principal.firmId, id, { status: 'rejected', userId: principal.userId, rejectionReason: reason });
        await recordAuditEvent(tx, principal, 'paymentReport.rejected', id, { invoiceId: report.invoiceId, reason });
        return (await findPaymentReport(tx, principal.firmId, id))!;
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
