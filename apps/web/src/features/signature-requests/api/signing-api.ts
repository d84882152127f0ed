import { signatureRequestContracts as contracts, type SignInput, type SigningView } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { signatureRequestKeys } from './signature-request-keys.ts';
import { pageLayoutAnswer, pagesAddressOf, pdfDownload, takeEarlyDetails } from './signing-early.ts';

/** The early answer (startSigningDownloads) read as callContract would: null for an unknown link. */
async function readEarlyDetails(answer: Response): Promise<SigningView | null> {
  if (answer.status === 404 || answer.status === 400) return null;
  if (!answer.ok) throw new Error('The details could not be loaded');
  const envelope = (await answer.json()) as { data?: unknown };
  return contracts.signingView.response.parse(envelope.data);
}

/** The signer's view of their link; null when the link is unknown (the page says so). */
export async function getSigningView(token: string): Promise<SigningView | null> {
  const early = takeEarlyDetails(token);
  if (early) {
    try {
      return await readEarlyDetails(await early);
    } catch {
      // Asked again below, as if nothing had been started.
    }
  }
  try {
    return (await callContract(contracts.signingView, { params: { token } }, { auth: 'none', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const signingViewQuery = (token: string) =>
  queryOptions({ queryKey: signatureRequestKeys.signing(token), queryFn: () => getSigningView(token), staleTime: Infinity, retry: 1 });

/**
 * The PDF to read, from the address the view gives (no sign-in: the link's token is in it). Each
 * caller gets its own copy: PDF.js hands the bytes to its worker, which leaves the original empty.
 */
export async function fetchSigningDocument(documentUrl: string): Promise<ArrayBuffer> {
  return (await pdfDownload(documentUrl)).slice(0);
}

const pageLayoutSchema = z.object({
  width: z.number().int().positive(),
  pages: z.array(z.object({ width: z.number().int().positive(), height: z.number().int().positive() })).min(1),
});
export type PageLayout = z.infer<typeof pageLayoutSchema> & { pagesAddress: string };

/**
 * The sizes of the document's page images (drawn by the server), or null when there are none to
 * give (poppler missing, a document too long or that the server cannot draw): the page then reads
 * the PDF with PDF.js.
 */
export async function fetchPageLayout(documentUrl: string): Promise<PageLayout | null> {
  const pagesAddress = pagesAddressOf(documentUrl);
  try {
    const checked = pageLayoutSchema.safeParse(await pageLayoutAnswer(pagesAddress));
    return checked.success ? { ...checked.data, pagesAddress } : null;
  } catch {
    return null;
  }
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
