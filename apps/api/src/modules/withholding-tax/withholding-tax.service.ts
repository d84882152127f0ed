import type { Readable } from 'node:stream';
import {
  addMoney,
  compareMoney,
  subtractMoney,
  withholdingTaxFeePart,
  WITHHOLDING_TAX_MESSAGES,
  type ClientWithholdingTax,
  type ClientWithholdingTaxInput,
  type Invoice,
  type OutstandingWithholdingTaxCreditNotes,
  type RecordWithholdingTaxCreditNoteInput,
  type WithholdingTaxPayment,
  type WithholdingTaxSchedule,
  type WithholdingTaxSettings,
  type clientWithholdingTaxInputSchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { recordStoredFile, storeUpload, type FileStore, type UploadRules } from '../../platform/files/files.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { viewOf as invoiceViewOf } from '../invoices/invoices.api.ts';
import { clientWithholdingTaxOf, plainPercent } from './withholding-tax.api.ts';
import { buildWithholdingTaxSchedulePdf, withholdingTaxScheduleCsv } from './withholding-tax-schedule.documents.ts';
import {
  attachCreditNoteFile,
  findCreditNoteOfPayment,
  findFirmName,
  findFirmRates,
  findOutstandingCreditNotes,
  findReceivableMovements,
  findWithholdingTaxPayments,
  insertCreditNote,
  lockPaymentForCreditNote,
  saveClientTreatment,
  saveFirmRates,
  type WithholdingTaxPaymentRow,
} from './withholding-tax.repository.ts';

/** A client's WHT credit note: PDF, JPEG or PNG by its content (a scan is common), at most 10 MB. */
const CREDIT_NOTE_RULES: UploadRules = {
  what: 'A credit note',
  maxBytes: 10 * 1024 * 1024,
  types: { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' },
};

const ratesOf = (rates: { companyRate: string; governmentRate: string; individualRate: string }): WithholdingTaxSettings => ({
  companyRate: plainPercent(rates.companyRate),
  governmentRate: plainPercent(rates.governmentRate),
  individualRate: plainPercent(rates.individualRate),
});

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function paymentOf(row: WithholdingTaxPaymentRow, today: string): WithholdingTaxPayment {
  const creditNote =
    row.creditNoteNumber && row.creditNoteDate && row.creditNoteRecordedAt
      ? {
          creditNoteNumber: row.creditNoteNumber,
          issueDate: row.creditNoteDate,
          fileName: row.creditNoteFileName,
          recordedAt: new Date(row.creditNoteRecordedAt).toISOString(),
          recordedByUserName: row.creditNoteRecordedBy ?? '',
        }
      : null;
  return {
    paymentId: row.paymentId,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    clientId: row.clientId,
    clientName: row.clientName,
    receiptNumber: row.receiptNumber,
    paymentDate: row.paymentDate,
    currencyCode: row.currencyCode,
    feePart: withholdingTaxFeePart(row),
    amountReceived: subtractMoney(row.amount, row.withholdingTaxAmount),
    withholdingTaxAmount: row.withholdingTaxAmount,
    isReversal: row.isReversal,
    isReversed: row.isReversed,
    creditNote,
    daysOutstanding: creditNote || row.isReversal || row.isReversed ? null : Math.max(0, daysBetween(row.paymentDate, today)),
  };
}

/** Waiting for a credit note: a payment with WHT that has none and was not reversed. */
const isOutstanding = (payment: WithholdingTaxPayment) => !payment.creditNote && !payment.isReversal && !payment.isReversed;

async function scheduleOf(tx: Tx, firmId: string, query: { FromDate?: string; ToDate?: string }): Promise<WithholdingTaxSchedule> {
  const today = await findFirmToday(tx, firmId);
  const toDate = query.ToDate ?? today;
  const fromDate = query.FromDate ?? `${toDate.slice(0, 8)}01`;
  const rows = (await findWithholdingTaxPayments(tx, firmId, fromDate, toDate)).map((row) => paymentOf(row, today));
  const movements = await findReceivableMovements(tx, firmId, fromDate, toDate);
  const codes = [...new Set([...rows.map((row) => row.currencyCode), ...movements.map((movement) => movement.currencyCode)])].sort();
  const sum = (list: WithholdingTaxPayment[]) => addMoney('0', ...list.map((row) => row.withholdingTaxAmount));
  const totals = codes.map((currencyCode) => {
    const ofCurrency = rows.filter((row) => row.currencyCode === currencyCode);
    return {
      currencyCode,
      withholdingTaxAmount: sum(ofCurrency),
      withCreditNote: sum(ofCurrency.filter((row) => row.creditNote !== null)),
      outstanding: sum(ofCurrency.filter(isOutstanding)),
    };
  });
  const tieOuts = totals.map((total) => {
    const actual = addMoney('0', movements.find((movement) => movement.currencyCode === total.currencyCode)?.movement ?? '0');
    const difference = subtractMoney(actual, total.withholdingTaxAmount);
    return {
      check: 'Withholding tax receivable (1250) posted by payments in the period = Σ the schedule’s WHT',
      currencyCode: total.currencyCode,
      expected: total.withholdingTaxAmount,
      actual,
      difference,
      passes: compareMoney(difference, '0') === 0,
    };
  });
  return { fromDate, toDate, rows, totals, tieOuts, tieOutsPass: tieOuts.every((tieOut) => tieOut.passes) };
}

/**
 * Withholding tax (ADR 0093): the firm's rates and each client's treatment, the credit notes clients
 * send for the tax they deducted, the schedule that ties to 1250, and the list of credit notes to chase.
 * Without a file store (the demo seed without one) everything but the credit notes' files works.
 */
export const createWithholdingTaxService = ({ database, files }: { database: Database; files: FileStore | null }) => ({
  settings: (principal: FirmPrincipal): Promise<WithholdingTaxSettings> =>
    database.withFirm(principal.firmId, async (tx) => ratesOf(await findFirmRates(tx, principal.firmId)), READ_ONLY),

  updateSettings: (principal: FirmPrincipal, input: WithholdingTaxSettings): Promise<WithholdingTaxSettings> =>
    database.withFirm(principal.firmId, async (tx) => {
      const before = ratesOf(await findFirmRates(tx, principal.firmId));
      await saveFirmRates(tx, principal.firmId, principal.userId, input);
      const after = ratesOf(await findFirmRates(tx, principal.firmId));
      await recordAuditEvent(tx, principal, 'withholdingTax.ratesUpdated', principal.firmId, { before, after });
      return after;
    }),

  client: (principal: FirmPrincipal, clientId: string): Promise<ClientWithholdingTax> =>
    database.withFirm(
      principal.firmId,
      async (tx) => (await clientWithholdingTaxOf(tx, principal.firmId, clientId)) ?? Promise.reject(notFound('Client')),
      READ_ONLY,
    ),

  updateClient: (
    principal: FirmPrincipal,
    clientId: string,
    input: z.output<typeof clientWithholdingTaxInputSchema>,
  ): Promise<ClientWithholdingTax> =>
    database.withFirm(principal.firmId, async (tx) => {
      const before = await clientWithholdingTaxOf(tx, principal.firmId, clientId);
      if (!before) throw notFound('Client');
      await saveClientTreatment(tx, {
        firmId: principal.firmId,
        clientId,
        category: input.category,
        rateOverride: input.rateOverride,
        updatedByUserId: principal.userId,
      });
      const after = (await clientWithholdingTaxOf(tx, principal.firmId, clientId))!;
      await recordAuditEvent(tx, principal, 'client.withholdingTaxUpdated', clientId, { before, after });
      return after;
    }),

  /** The number and date of the client's credit note for a payment's WHT; one per payment, never for a reversed one. */
  recordCreditNote: (principal: FirmPrincipal, paymentId: string, input: Required<RecordWithholdingTaxCreditNoteInput>): Promise<Invoice> =>
    database.withFirm(principal.firmId, async (tx) => {
      const payment = await lockPaymentForCreditNote(tx, principal.firmId, paymentId);
      if (!payment) throw notFound('Payment');
      if (payment.isReversal || payment.isReversed) throw conflict(WITHHOLDING_TAX_MESSAGES.reversedPayment);
      if (compareMoney(payment.withholdingTaxAmount, '0') <= 0) throw conflict(WITHHOLDING_TAX_MESSAGES.noWithholdingTax);
      const isNew = await insertCreditNote(tx, {
        firmId: principal.firmId,
        paymentId,
        creditNoteNumber: input.creditNoteNumber,
        issueDate: input.issueDate,
        recordedByUserId: principal.userId,
      });
      if (!isNew) throw conflict(WITHHOLDING_TAX_MESSAGES.creditNoteExists);
      await recordAuditEvent(tx, principal, 'invoice.withholdingTaxCreditNoteRecorded', payment.invoiceId, {
        paymentId,
        receiptNumber: payment.receiptNumber,
        withholdingTaxAmount: payment.withholdingTaxAmount,
        creditNoteNumber: input.creditNoteNumber,
        issueDate: input.issueDate,
      });
      return invoiceViewOf(tx, principal, payment.invoiceId);
    }),

  /** The credit note's file, once its number and date are recorded; a later file replaces the one shown (both stay stored and audited). */
  async uploadCreditNoteFile(
    principal: FirmPrincipal,
    paymentId: string,
    upload: { content: Readable; fileName: string },
  ): Promise<Invoice> {
    const isRecorded = await database.withFirm(
      principal.firmId,
      async (tx) => {
        const payment = await lockPaymentForCreditNote(tx, principal.firmId, paymentId, 'read');
        if (!payment) throw notFound('Payment');
        return (await findCreditNoteOfPayment(tx, principal.firmId, paymentId)) !== null;
      },
      READ_ONLY,
    );
    if (!isRecorded) throw conflict(WITHHOLDING_TAX_MESSAGES.recordBeforeFile);
    if (!files) throw notFound('File store');
    const stored = await storeUpload(files, upload, CREDIT_NOTE_RULES);
    return recordStoredFile(files, stored, () =>
      database.withFirm(principal.firmId, async (tx) => {
        const payment = await lockPaymentForCreditNote(tx, principal.firmId, paymentId);
        if (!payment) throw notFound('Payment');
        const file = { storageKey: stored.key, fileName: stored.fileName, contentType: stored.contentType, sizeBytes: stored.size };
        if (!(await attachCreditNoteFile(tx, principal.firmId, paymentId, file))) throw conflict(WITHHOLDING_TAX_MESSAGES.recordBeforeFile);
        await recordAuditEvent(tx, principal, 'invoice.withholdingTaxCreditNoteFileAttached', payment.invoiceId, {
          paymentId,
          fileName: stored.fileName,
          contentType: stored.contentType,
          sizeBytes: stored.size,
          sha256: stored.sha256,
        });
        return invoiceViewOf(tx, principal, payment.invoiceId);
      }),
    );
  },

  async openCreditNoteFile(principal: FirmPrincipal, paymentId: string) {
    const note = await database.withFirm(principal.firmId, (tx) => findCreditNoteOfPayment(tx, principal.firmId, paymentId), READ_ONLY);
    if (!files || !note?.storageKey || !note.fileName || !note.contentType || note.sizeBytes === null) throw notFound('Credit note file');
    const content = await files.read(note.storageKey);
    if (!content) throw notFound('Credit note file');
    return { fileName: note.fileName, contentType: note.contentType, sizeBytes: Number(note.sizeBytes), content };
  },

  schedule: (principal: FirmPrincipal, query: { FromDate?: string; ToDate?: string }): Promise<WithholdingTaxSchedule> =>
    database.withFirm(principal.firmId, (tx) => scheduleOf(tx, principal.firmId, query), READ_ONLY),

  scheduleCsv: async (principal: FirmPrincipal, query: { FromDate?: string; ToDate?: string }) => {
    const schedule = await database.withFirm(principal.firmId, (tx) => scheduleOf(tx, principal.firmId, query), READ_ONLY);
    return { schedule, content: withholdingTaxScheduleCsv(schedule) };
  },

  schedulePdf: async (principal: FirmPrincipal, query: { FromDate?: string; ToDate?: string }) => {
    const { schedule, firmName, today } = await database.withFirm(
      principal.firmId,
      async (tx) => ({
        schedule: await scheduleOf(tx, principal.firmId, query),
        firmName: await findFirmName(tx, principal.firmId),
        today: await findFirmToday(tx, principal.firmId),
      }),
      READ_ONLY,
    );
    return { schedule, content: await buildWithholdingTaxSchedulePdf(schedule, firmName, today) };
  },

  outstanding: (principal: FirmPrincipal): Promise<OutstandingWithholdingTaxCreditNotes> =>
    database.withFirm(
      principal.firmId,
      async (tx) => {
        const today = await findFirmToday(tx, principal.firmId);
        const rows = (await findOutstandingCreditNotes(tx, principal.firmId)).map((row) => paymentOf(row, today));
        const codes = [...new Set(rows.map((row) => row.currencyCode))].sort();
        const totals = codes.map((currencyCode) => ({
          currencyCode,
          outstanding: addMoney('0', ...rows.filter((row) => row.currencyCode === currencyCode).map((row) => row.withholdingTaxAmount)),
        }));
        return { rows, totals };
      },
      READ_ONLY,
    ),
});

export type WithholdingTaxService = ReturnType<typeof createWithholdingTaxService>;
export type { ClientWithholdingTaxInput };
