import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';

const LazyEngagementCard = lazy(async () => ({
  default: (await import('../../features/engagements/components/engagement-card.tsx')).EngagementCard,
}));

/**
 * The lead page's engagement card, handed to the leads feature through its page's slot (features
 * never import each other). Its code loads when opened: the lead's page is at its first-visit budget.
 */
export function LeadEngagementSlot({ leadId, canEdit }: { leadId: string; canEdit: boolean }) {
  const [isOpen, setOpen] = useState(false);
  if (isOpen)
    return (
      <Suspense fallback={<LoadingSpinner />}>
        <LazyEngagementCard leadId={leadId} canEdit={canEdit} />
      </Suspense>
    );
  return (
    <Card withBorder component="section" aria-labelledby="engagement-closed-heading">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="engagement-closed-heading">
          Engagement
        </Title>
        <Text size="sm">The terms, the engagement letter and its signature, and Convert to client.</Text>
        <Button variant="default" onClick={() => setOpen(true)}>
          Open engagement
        </Button>
      </Stack>
    </Card>
  );
}
