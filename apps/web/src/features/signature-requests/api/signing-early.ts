import { loadPdfjs } from '../utils/pdf-document.ts';

/**
 * The signing page's first requests, started by its route as the address matches — before the
 * page's code and its many small modules have arrived — so a phone spends that time downloading
 * the details, the pages' sizes and the first page's image (drawn by the server) too. Imports
 * nothing heavy: the calls are made with fetch and read later by signing-api.ts (which checks the
 * answer with the contract). PDF.js loads only when the server has no page images to give.
 */
const started = new Set<string>();
const detailsAnswers = new Map<string, Promise<Response>>();
const documentDownloads = new Map<string, Promise<ArrayBuffer>>();
const layoutAnswers = new Map<string, Promise<unknown>>();

const signingAddress = (token: string) => `/api/public/signing/${encodeURIComponent(token)}`;

/** Where the signing page finds a document's page images, beside its PDF (the view's documentUrl). */
export const pagesAddressOf = (documentUrl: string) => documentUrl.replace(/\/document$/, '/pages');
export const pageImageAddress = (pagesAddress: string, pageNumber: number) => `${pagesAddress}/${pageNumber}`;

async function downloadPdf(address: string): Promise<ArrayBuffer> {
  const response = await fetch(address);
  if (!response.ok) throw Object.assign(new Error('The document could not be loaded'), { response });
  return response.arrayBuffer();
}

/** The first page's image is asked for now, at high priority; the page's <img> then takes it from the preload. */
function preloadImage(address: string) {
  if (typeof document === 'undefined' || document.querySelector(`link[rel="preload"][href="${address}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = address;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

export function startSigningDownloads(token: string): void {
  if (!token || started.has(token)) return;
  started.add(token);
  detailsAnswers.set(token, fetch(signingAddress(token), { headers: { Accept: 'application/json' } }));
  // The pages' address is the link's own; a link with nothing to sign refuses it, and nobody reads that.
  const pagesAddress = pagesAddressOf(`${signingAddress(token)}/document`);
  pageLayoutAnswer(pagesAddress).catch(() => {});
  preloadImage(pageImageAddress(pagesAddress, 1));
}

/** The details' answer started early, once: a later look (after signing) asks the server again. */
export function takeEarlyDetails(token: string): Promise<Response> | undefined {
  const answer = detailsAnswers.get(token);
  detailsAnswers.delete(token);
  return answer;
}

/** The pages' sizes (the envelope's data), asked for once; null when the server has no images of this document. */
export function pageLayoutAnswer(pagesAddress: string): Promise<unknown> {
  let answer = layoutAnswers.get(pagesAddress);
  if (!answer) {
    answer = fetch(pagesAddress, { headers: { Accept: 'application/json' } }).then(async (response) =>
      response.ok ? ((await response.json()) as { data?: unknown }).data : null,
    );
    layoutAnswers.set(pagesAddress, answer);
    answer.catch(() => layoutAnswers.delete(pagesAddress));
  }
  return answer;
}

/** The PDF at `address`, downloaded once; a failed download is tried again by the next caller. PDF.js starts loading with it. */
export function pdfDownload(address: string): Promise<ArrayBuffer> {
  void loadPdfjs().catch(() => {});
  let download = documentDownloads.get(address);
  if (!download) {
    download = downloadPdf(address);
    documentDownloads.set(address, download);
    download.catch(() => documentDownloads.delete(address));
  }
  return download;
}
