import type { QueryClient } from '@tanstack/react-query';
import { loadPdfjs } from '../utils/pdf-document.ts';
import { fetchSigningDocument, signingViewQuery } from './signing-api.ts';

/**
 * Run by the signing page's route as its address matches, beside the page's own code: PDF.js, the
 * request's details and then the PDF download at once instead of one after the other, so the
 * first page of a long contract is on a phone's screen sooner.
 */
export function prefetchSigning(queryClient: QueryClient, token: string): void {
  void loadPdfjs().catch(() => {});
  void queryClient
    .fetchQuery(signingViewQuery(token))
    .then((view) => (view?.documentUrl ? fetchSigningDocument(view.documentUrl) : null))
    .catch(() => {});
}
