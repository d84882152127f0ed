import {
  pathOf,
  withholdingTaxContracts,
  withholdingTaxCreditNoteFilePath,
  type RecordWithholdingTaxCreditNoteInput,
} from '@matterhorn/shared';
import { errorMessageFrom } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { firmToken } from '../../../lib/session-storage.ts';

/** The client's WHT credit note for the tax deducted from a payment: its number and date (ADR 0093). */
export async function recordWithholdingTaxCreditNote(paymentId: string, body: RecordWithholdingTaxCreditNoteInput): Promise<void> {
  await callContract(withholdingTaxContracts.recordCreditNote, { params: { paymentId }, body }, { auth: 'firm', toastSuccess: true });
}

/** Multipart, so not through callContract (which sends JSON); the server's message is thrown on refusal. */
export async function uploadWithholdingTaxCreditNoteFile(paymentId: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = firmToken();
  const route = withholdingTaxContracts.uploadCreditNoteFile;
  const response = await fetch(pathOf(route, { paymentId }), {
    method: route.method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageFrom(response.status, body, response.statusText || 'The credit note could not be uploaded'));
  }
}

export const downloadWithholdingTaxCreditNote = (paymentId: string, fileName: string) =>
  downloadFile(pathOf(withholdingTaxCreditNoteFilePath, { paymentId }), fileName);
