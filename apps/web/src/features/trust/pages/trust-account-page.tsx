import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { formatMoney, type TrustAccount } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingPage, LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { UrlTabs, useUrlTabTitle } from '../../../components/url-tabs.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { trustAccountQuery, trustKeys } from '../api/trust-api.ts';
import { LedgersTab } from '../components/ledgers-tab.tsx';
import type { MovementKind } from '../components/movement-modals.tsx';
import { MovementsTab } from '../components/movements-tab.tsx';
import { trustAbilities } from '../utils/trust-display.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/** The approvals tab loads when it is opened: the page is within a few hundred bytes of its budget. */
const ApprovalsTab = lazy(async () => ({ default: (await import('../components/approvals-tab.tsx')).ApprovalsTab }));
/** The movement forms (and the form library) load when one is first opened, not with the page. */
const MovementModals = lazy(async () => ({ default: (await import('../components/movement-modals.tsx')).MovementModals }));

/** The account page's own tabs, then the tabs other features fill (composed in app/routing). */
export const TRUST_ACCOUNT_TABS = [
  { value: 'ledgers', label: 'Client ledgers' },
  { value: 'movements', label: 'Movements' },
  { value: 'approvals', label: 'Approvals' },
  { value: 'requests', label: 'Requests' },
  { value: 'reconciliation', label: 'Reconciliation' },
] as const;
export type TrustAccountSlotTab = 'requests' | 'reconciliation';

export type TrustAccountPageProps = {
  /** Requests and Reconciliation come from their features; a tab without a panel is not shown. */
  tabPanels?: Partial<Record<TrustAccountSlotTab, (account: TrustAccount) => ReactNode>>;
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </div>
  );
}

/** /trust-account/:slug: one trust bank account, its balances, movements and ledgers. */
export function TrustAccountPage({ tabPanels = {} }: TrustAccountPageProps) {
  const { slug = '' } = useParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const account = useQuery(trustAccountQuery(slug));
  const [movement, setMovement] = useState<MovementKind | null>(null);
  const can = trustAbilities(session.permissions);
  const tabs = TRUST_ACCOUNT_TABS.filter(
    (tab) => !(tab.value === 'requests' || tab.value === 'reconciliation') || tabPanels[tab.value] !== undefined,
  );
  const tabTitle = useUrlTabTitle(tabs);

  if (account.isPending) return <LoadingPage title={['Trust accounts']} label="Loading trust account" />;
  if (!account.data) {
    return (
      <Stack>
        <PageTitle parts={['Trust account not found', 'Trust accounts']} />
        <Title order={1} size="h2">
          Trust account not found
        </Title>
        <Anchor component={Link} to="/trust-account/accounts">
          Back to trust accounts
        </Anchor>
      </Stack>
    );
  }
  const data = account.data;
  const symbol = data.currencySymbol;
  const actions: { kind: MovementKind; label: string; allowed: boolean }[] = [
    { kind: 'deposit', label: 'Deposit', allowed: can.create },
    { kind: 'disburse', label: 'Disburse', allowed: can.create },
    { kind: 'refund', label: 'Refund', allowed: can.create },
    { kind: 'transfer', label: 'Transfer', allowed: can.create },
    { kind: 'pay-invoice', label: 'Pay invoice', allowed: can.payInvoice },
  ];
  const offered = data.isActive ? actions.filter((action) => action.allowed) : [];

  return (
    <Stack gap="md">
      <PageTitle parts={[tabTitle, data.name, 'Trust accounts']} />
      <Anchor component={Link} to="/trust-account/accounts" size="sm">
        Back to trust accounts
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{data.name}</Title>
          <Group gap="xs" mt={4}>
            <Text c="dimmed" size="sm">
              {data.bankName} · {data.accountNumberMasked} · {data.currencyCode}
            </Text>
            {!data.isActive && <Badge color="gray">Closed</Badge>}
          </Group>
        </div>
        {offered.length > 0 && (
          <Group gap="xs" role="group" aria-label="Trust account actions">
            {offered.map((action) => (
              <Button key={action.kind} variant={action.kind === 'deposit' ? 'filled' : 'default'} onClick={() => setMovement(action.kind)}>
                {action.label}
              </Button>
            ))}
          </Group>
        )}
      </Group>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Balances">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label="Balance" value={formatMoney(data.balance, symbol)} />
          <Figure label="Cleared" value={formatMoney(data.clearedBalance, symbol)} />
          <Figure label="Uncleared" value={formatMoney(data.unclearedBalance, symbol)} />
          <Figure label="Client ledgers" value={String(data.clientLedgerCount)} />
        </SimpleGrid>
      </Paper>
      {/* The ledgers', movements' and approvals' filters and pages are in the URL: a new tab starts unfiltered. */}
      <UrlTabs tabs={tabs} keepsOtherParams={false}>
        <Tabs.Panel value="ledgers" pt="md">
          <LedgersTab account={data} />
        </Tabs.Panel>
        <Tabs.Panel value="movements" pt="md">
          <MovementsTab account={data} />
        </Tabs.Panel>
        <Tabs.Panel value="approvals" pt="md">
          <Suspense fallback={<LoadingSpinner label="Loading approvals" />}>
            <ApprovalsTab account={data} canApprove={can.approve} />
          </Suspense>
        </Tabs.Panel>
        {(['requests', 'reconciliation'] as const).map((slot) => {
          const panel = tabPanels[slot];
          return panel ? (
            <Tabs.Panel key={slot} value={slot} pt="md">
              {panel(data)}
            </Tabs.Panel>
          ) : null;
        })}
      </UrlTabs>
      {movement && (
        <Suspense fallback={null}>
          <MovementModals
            kind={movement}
            account={data}
            onClose={() => setMovement(null)}
            onDone={() => {
              setMovement(null);
              void queryClient.invalidateQueries({ queryKey: trustKeys.all });
              // The Requests and Reconciliation tabs (other features' caches) may be open under the
              // modal: a deposit settles a request, and every movement moves the reconciliation.
              void queryClient.invalidateQueries({ queryKey: ['trust-requests'] });
              void queryClient.invalidateQueries({ queryKey: ['trust-reconciliation'] });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
