import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';

const LazyLeadConsultationCard = lazy(async () => ({
  default: (await import('../../features/consultations/components/lead-consultation-card.tsx')).LeadConsultationCard,
}));

/**
 * The lead page's consultation card, for the leads feature to show through its page's slot (features
 * never import each other): the app hands it in, and its code loads when a lead is opened.
 */
export function LeadConsultationSlot({ leadId, canEdit }: { leadId: string; canEdit: boolean }) {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyLeadConsultationCard leadId={leadId} canEdit={canEdit} />
    </Suspense>
  );
}
