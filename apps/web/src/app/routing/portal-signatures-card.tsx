import { lazy, Suspense } from 'react';

const LazyPortalSignatureRequestsCard = lazy(async () => ({
  default: (await import('../../features/signature-requests/components/portal-signature-requests-card.tsx')).PortalSignatureRequestsCard,
}));

/** The portal overview's documents to sign (features never import each other), its code loaded beside the overview's. */
export function PortalSignaturesCard({ clientId }: { clientId: string | null }) {
  return (
    <Suspense fallback={null}>
      <LazyPortalSignatureRequestsCard clientId={clientId} />
    </Suspense>
  );
}
