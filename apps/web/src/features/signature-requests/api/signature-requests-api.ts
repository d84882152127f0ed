import {
  pathOf,
  signatureRequestContracts as contracts,
  signedPdfPath,
  signingCertificatePath,
  type CreateSignatureRequestInput,
  type SignatureRequest,
  type SignatureRequestListQuery,
} from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { signatureRequestKeys } from './signature-request-keys.ts';

export const signatureRequestListQuery = (query: SignatureRequestListQuery) =>
  queryOptions({
    queryKey: signatureRequestKeys.list(query),
    queryFn: async () => (await callContract(contracts.list, { query }, { auth: 'firm', silent: true })).data,
  });

export const useSignatureRequestList = (query: SignatureRequestListQuery, isEnabled = true) =>
  useQuery({ ...signatureRequestListQuery(query), enabled: isEnabled });

export const signatureRequestQuery = (id: string) =>
  queryOptions({
    queryKey: signatureRequestKeys.detail(id),
    queryFn: async () => (await callContract(contracts.view, { params: { id } }, { auth: 'firm', silent: true })).data,
  });

export async function createSignatureRequest(body: CreateSignatureRequestInput, idempotencyKey: string): Promise<SignatureRequest> {
  return (await callContract(contracts.create, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data;
}

export async function voidSignatureRequest(id: string, reason: string): Promise<SignatureRequest> {
  return (await callContract(contracts.void, { params: { id }, body: { reason } }, { auth: 'firm', toastSuccess: true })).data;
}

export async function remindSigners(id: string): Promise<SignatureRequest> {
  return (await callContract(contracts.remind, { params: { id } }, { auth: 'firm', toastSuccess: true })).data;
}

/** Try again: a request whose sealing failed is queued for sealing again. */
export async function retrySealing(id: string): Promise<SignatureRequest> {
  return (await callContract(contracts.retrySealing, { params: { id } }, { auth: 'firm', toastSuccess: true })).data;
}

/** The sealed PDF with its certificate page, saved under the server's file name. */
export const downloadSignedPdf = (request: Pick<SignatureRequest, 'id' | 'documentName'>) =>
  downloadFile(pathOf(signedPdfPath, { id: request.id }), `${request.documentName.replace(/\.pdf$/i, '')} (signed).pdf`, 'application/pdf');

export const downloadSigningCertificate = (request: Pick<SignatureRequest, 'id' | 'documentName'>) =>
  downloadFile(
    pathOf(signingCertificatePath, { id: request.id }),
    `${request.documentName.replace(/\.pdf$/i, '')} (certificate).pdf`,
    'application/pdf',
  );
