import type { Readable } from 'node:stream';
import { EXPENSE_RECEIPT_MAX_BYTES, type Expense } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStoredFile, storeUpload, type FileStore, type UploadRules } from '../../platform/files/files.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { viewOf } from './expense-views.ts';
import { findExpense, findReceipt, insertReceipt, lockExpense, setReceiptDeleted } from './expenses.repository.ts';
import { assertMayChange, lockedExpense } from './expenses.rules.ts';

/** Receipts: PDF, JPEG, PNG or HEIC by their content, at most 10 MB; the messages are the contract's. */
const RECEIPT_RULES: UploadRules = {
  what: 'A receipt',
  maxBytes: EXPENSE_RECEIPT_MAX_BYTES,
  types: { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/heic': 'HEIC', 'image/heif': 'HEIC' },
};

/** An expense's receipts: uploaded, opened, deleted. */
export const createExpenseReceiptService = ({ database, files }: { database: Database; files: FileStore }) => ({
  /**
   * A receipt, streamed into the file store (checked by content, at most 10 MB), then recorded;
   * a refused or failed upload leaves no file behind. Receipts may be added to a billed expense
   * (the evidence of what was billed), not removed from it.
   */
  async uploadReceipt(principal: FirmPrincipal, expenseId: string, upload: { content: Readable; fileName: string }): Promise<Expense> {
    await database.withFirm(
      principal.firmId,
      async (tx) => {
        const expense = await findExpense(tx, principal.firmId, expenseId);
        if (!expense) throw notFound('Expense');
        assertMayChange(principal, expense);
      },
      READ_ONLY,
    );
    const stored = await storeUpload(files, upload, RECEIPT_RULES);
    return recordStoredFile(files, stored, () =>
      database.withFirm(principal.firmId, async (tx) => {
        const expense = await lockExpense(tx, principal.firmId, expenseId);
        if (!expense) throw notFound('Expense');
        assertMayChange(principal, expense);
        const receiptId = await insertReceipt(tx, {
          firmId: principal.firmId,
          expenseId,
          storageKey: stored.key,
          fileName: stored.fileName,
          contentType: stored.contentType === 'image/heif' ? 'image/heic' : stored.contentType,
          sizeBytes: stored.size,
          sha256: stored.sha256,
          uploadedByUserId: principal.userId,
        });
        await recordAuditEvent(tx, principal, 'expenseReceipt.uploaded', receiptId, {
          expenseId,
          fileName: stored.fileName,
          contentType: stored.contentType,
          sizeBytes: stored.size,
          sha256: stored.sha256,
        });
        return viewOf(tx, principal.firmId, expenseId);
      }),
    );
  },

  /** A receipt's bytes, for a member of the firm only. */
  async openReceipt(principal: FirmPrincipal, expenseId: string, receiptId: string) {
    const receipt = await database.withFirm(principal.firmId, (tx) => findReceipt(tx, principal.firmId, expenseId, receiptId), READ_ONLY);
    if (!receipt) throw notFound('Receipt');
    const content = await files.read(receipt.storageKey);
    if (!content) throw notFound('Receipt');
    return { ...receipt, sizeBytes: Number(receipt.sizeBytes), content };
  },

  /** A soft delete: the file stays in the store, so the recycle bin can restore it. */
  deleteReceipt: (principal: FirmPrincipal, expenseId: string, receiptId: string): Promise<Expense> =>
    database.withFirm(principal.firmId, async (tx) => {
      const expense = await lockExpense(tx, principal.firmId, expenseId);
      if (!expense) throw notFound('Expense');
      const receipt = await findReceipt(tx, principal.firmId, expenseId, receiptId);
      if (!receipt) throw notFound('Receipt');
      assertMayChange(principal, expense);
      if (expense.invoiceId !== null) throw lockedExpense(expense);
      await setReceiptDeleted(tx, principal.firmId, receiptId, principal.userId);
      await recordAuditEvent(tx, principal, 'expenseReceipt.deleted', receiptId, { expenseId, fileName: receipt.fileName });
      return viewOf(tx, principal.firmId, expenseId);
    }),
});
