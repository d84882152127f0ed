import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { leadQuery } from '../../features/leads/api/leads-api.ts';

const LazyEngagementCard = lazy(async () => ({
  default: (await import('../../features/engagements/components/engagement-card.tsx')).EngagementCard,
}));

/**
 * The lead page's engagement card, handed to the leads feature through its page's slot (features
 * never import each other). Its code loads when opened: the lead's page is at its first-visit budget.
 * An engaged lead's card is open from the start: its links to the new client and matter are what the
 * firm comes back for (the lead is the page's own query, read from its cache).
 */
export function LeadEngagementSlot({ leadId, canEdit }: { leadId: string; canEdit: boolean }) {
  const isEngaged = useQuery(leadQuery(leadId)).data?.status === 'engaged';
  const [isOpen, setOpen] = useState(false);
  if (isOpen || isEngaged)
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
