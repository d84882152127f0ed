import type { SignatureRequestListQuery } from '@matterhorn/shared';

/** One factory, so one invalidation refreshes a request, its list and a document's requests. */
export const signatureRequestKeys = {
  all: () => ['signature-requests'] as const,
  list: (query: SignatureRequestListQuery) => ['signature-requests', 'list', query] as const,
  detail: (id: string) => ['signature-requests', 'detail', id] as const,
  signing: (token: string) => ['signing', token] as const,
  portal: (clientId: string | null) => ['portal', clientId, 'signature-requests'] as const,
};
