import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';

const LazyEngagementCard = lazy(async () => ({
  default: (await import('../../features/engagements/components/engagement-card.tsx')).EngagementCard,
}));

/** The lead page's engagement card, handed to the leads feature through its page's slot (features never import each other). */
export function LeadEngagementSlot({ leadId, canEdit }: { leadId: string; canEdit: boolean }) {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyEngagementCard leadId={leadId} canEdit={canEdit} />
    </Suspense>
  );
}
