import { Stack, Text } from '@mantine/core';
import { usePortalMatters } from '../api/portal-api.ts';
import { PortalCalendarCard } from './portal-calendar-card.tsx';
import { PortalMatterHistory } from './portal-matter-history.tsx';
import { PortalMatterSelect, useChosenMatterId } from './portal-matter-select.tsx';

/** The Matters tab: one matter at a time (?matterId=), the client's first by default. */
export function PortalMattersTab({ clientId }: { clientId: string | null }) {
  const matters = usePortalMatters(clientId);
  const matterId = useChosenMatterId(matters.data);
  if (matters.data?.length === 0) return <Text size="sm">Your firm has no matters for you yet.</Text>;
  return (
    <Stack>
      <PortalMatterSelect matters={matters.data} matterId={matterId} />
      {matterId && <PortalMatterHistory clientId={clientId} matterId={matterId} />}
      <PortalCalendarCard clientId={clientId} />
    </Stack>
  );
}
