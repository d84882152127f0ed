import { signatureRequestContracts as contracts, type SignInput, type SigningView } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, errorMessageFrom } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { signatureRequestKeys } from './signature-request-keys.ts';

/** The signer's view of their link; null when the link is unknown (the page says so). */
export async function getSigningView(token: string): Promise<SigningView | null> {
  try {
    return (await callContract(contracts.signingView, { params: { token } }, { auth: 'none', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const signingViewQuery = (token: string) =>
  queryOptions({ queryKey: signatureRequestKeys.signing(token), queryFn: () => getSigningView(token), staleTime: Infinity, retry: 1 });

async function downloadSigningDocument(documentUrl: string): Promise<ArrayBuffer> {
  const response = await fetch(documentUrl);
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageFrom(response.status, body, 'The document could not be loaded'));
  }
  return response.arrayBuffer();
}

/** Downloads started as the address matched (prefetchSigning), for the page to pick up rather than ask again. */
const documentDownloads = new Map<string, Promise<ArrayBuffer>>();

/**
 * The PDF to read, from the address the view gives (no sign-in: the link's token is in it). Each
 * caller gets its own copy: PDF.js hands the bytes to its worker, which leaves the original empty.
 */
export async function fetchSigningDocument(documentUrl: string): Promise<ArrayBuffer> {
  let download = documentDownloads.get(documentUrl);
  if (!download) {
    download = downloadSigningDocument(documentUrl);
    documentDownloads.set(documentUrl, download);
    download.catch(() => documentDownloads.delete(documentUrl));
  }
  return (await download).slice(0);
}

export async function consentToSign(token: string): Promise<SigningView> {
  return (await callContract(contracts.consent, { params: { token }, body: { isAgreed: true } }, { auth: 'none' })).data;
}

export async function signDocument(token: string, body: SignInput): Promise<SigningView> {
  return (await callContract(contracts.sign, { params: { token }, body }, { auth: 'none' })).data;
}

export async function declineToSign(token: string, reason: string): Promise<SigningView> {
  return (await callContract(contracts.decline, { params: { token }, body: { reason } }, { auth: 'none' })).data;
}
