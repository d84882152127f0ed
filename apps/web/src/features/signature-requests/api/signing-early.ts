import { loadPdfjs } from '../utils/pdf-document.ts';

/**
 * The signing page's first requests, started by its route as the address matches — before the
 * page's code and its many small modules have arrived — so a phone spends that time downloading
 * the details, the PDF and PDF.js too. Imports nothing heavier than PDF.js's loader: the calls are
 * made with fetch and read later by signing-api.ts (which checks the answer with the contract).
 */
const started = new Set<string>();
const detailsAnswers = new Map<string, Promise<Response>>();
const documentDownloads = new Map<string, Promise<ArrayBuffer>>();

const signingAddress = (token: string) => `/api/public/signing/${encodeURIComponent(token)}`;

async function downloadPdf(address: string): Promise<ArrayBuffer> {
  const response = await fetch(address);
  if (!response.ok) throw Object.assign(new Error('The document could not be loaded'), { response });
  return response.arrayBuffer();
}

export function startSigningDownloads(token: string): void {
  if (!token || started.has(token)) return;
  started.add(token);
  void loadPdfjs().catch(() => {});
  detailsAnswers.set(token, fetch(signingAddress(token), { headers: { Accept: 'application/json' } }));
  // The PDF's address is the link's own; a link with nothing to sign refuses it, and nobody reads that.
  pdfDownload(`${signingAddress(token)}/document`).catch(() => {});
}

/** The details' answer started early, once: a later look (after signing) asks the server again. */
export function takeEarlyDetails(token: string): Promise<Response> | undefined {
  const answer = detailsAnswers.get(token);
  detailsAnswers.delete(token);
  return answer;
}

/** The PDF at `address`, downloaded once; a failed download is tried again by the next caller. */
export function pdfDownload(address: string): Promise<ArrayBuffer> {
  let download = documentDownloads.get(address);
  if (!download) {
    download = downloadPdf(address);
    documentDownloads.set(address, download);
    download.catch(() => documentDownloads.delete(address));
  }
  return download;
}
