import { Button, Group, Stack, Text } from '@mantine/core';
import { formatMoney, hasPermissions } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { invoiceListQuery } from '../api/invoice-list-api.ts';
import { InvoiceListView } from './invoice-list-view.tsx';

/**
 * The client view's Invoices tab: what the client owes on its issued invoices, a New invoice that
 * opens the builder with the client chosen, and the invoice list scoped to the client.
 */
export function ClientInvoicesTab({ clientId }: { clientId: string }) {
  const { permissions, workingUser } = useSession();
  // Every status, one row: only the totals are read (outstanding counts issued invoices only).
  const outstanding = useQuery(invoiceListQuery({ ClientId: clientId, page: 1, size: 1, IncludeTotals: true }));
  // One figure per currency the client is billed in, never added together; nothing billed yet owes nothing.
  const totals = outstanding.data?.totals;
  const owed =
    totals === undefined
      ? '…'
      : totals.length === 0
        ? formatMoney('0', workingUser?.currency ?? '')
        : totals.map((figures) => formatMoney(figures.outstanding, figures.currencySymbol)).join(' · ');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={500} aria-live="polite" data-testid="client-outstanding">
          Outstanding: {owed}
        </Text>
        {hasPermissions(permissions, ['invoice.create']) && (
          <Button component={Link} to={`/billing/invoice/invoice-empty?clientId=${encodeURIComponent(clientId)}`}>
            New invoice
          </Button>
        )}
      </Group>
      <InvoiceListView clientId={clientId} />
    </Stack>
  );
}
