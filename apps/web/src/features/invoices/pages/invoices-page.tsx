import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { AgedReceivablesView } from '../components/aged-receivables-view.tsx';
import { InvoiceListView } from '../components/invoice-list-view.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/** /billing: the invoice list, and the aged receivables (?view=aged-receivables). */
export function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const { permissions } = useSession();
  const view = params.get('view') === 'aged-receivables' ? 'aged-receivables' : 'invoices';
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageTitle parts={[view === 'invoices' ? 'Invoices' : 'Aged receivables', 'Billing']} />
      <Group justify="space-between">
        <Title order={1} size="h2">
          {view === 'invoices' ? 'Invoices' : 'Aged receivables'}
        </Title>
        {hasPermissions(permissions, ['invoice.create']) && (
          <Button component={Link} to="/billing/invoice/invoice-empty">
            New invoice
          </Button>
        )}
      </Group>
      <Tabs value={view} onChange={(value) => setParams(value === 'aged-receivables' ? { view: 'aged-receivables' } : {})}>
        <Tabs.List>
          <Tabs.Tab value="invoices">Invoices</Tabs.Tab>
          <Tabs.Tab value="aged-receivables">Aged receivables</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {view === 'invoices' ? <InvoiceListView /> : <AgedReceivablesView />}
    </Stack>
  );
}
