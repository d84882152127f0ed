import { List, Paper, Text, Title } from '@mantine/core';
import { portalItemViewsRoute, type PortalItemView, type PortalViewItemKind } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../lib/api/call-contract.ts';
import { displayDateTime as when } from '../lib/date-time.ts';

export const clientViewsQuery = (kind: PortalViewItemKind, itemId: string) =>
  queryOptions({
    queryKey: ['client-views', kind, itemId],
    queryFn: async () =>
      (await callContract(portalItemViewsRoute, { query: { ItemKind: kind, ItemId: itemId } }, { auth: 'firm', silent: true })).data,
  });

/** "Viewed by Kemi Adebayo on 23/11/2026 14:05", with the first time and the count when it was opened again. */
export function clientViewText(view: PortalItemView): string {
  const verb = view.action === 'viewed' ? 'Viewed' : 'Downloaded';
  const again = view.times > 1 ? ` (${view.times} times, first on ${when(view.firstAt)})` : '';
  return `${verb} by ${view.clientName} on ${when(view.lastAt)}${again}`;
}

/** On a shared item's page: when the client opened it in the portal (the firm's side of "seen"). */
export function ClientViews({ kind, itemId }: { kind: PortalViewItemKind; itemId: string }) {
  const views = useQuery(clientViewsQuery(kind, itemId));
  const titleId = `client-views-${itemId}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h5" id={titleId}>
        Client activity
      </Title>
      {views.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : !views.data ? (
        <Text size="sm" c="dimmed">
          The client&apos;s activity could not be loaded.
        </Text>
      ) : views.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          The client has not opened it in the portal yet.
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {views.data.map((view) => (
            <List.Item key={`${view.email}-${view.action}`}>{clientViewText(view)}</List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
