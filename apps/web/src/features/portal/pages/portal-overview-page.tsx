import { Box, Button, Card, Group, Image, Stack, Tabs, Text, Title } from '@mantine/core';
import { isoToDisplayDate } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { portalOverviewQuery, usePortalMatters } from '../api/portal-api.ts';
import { PaymentReturnedNotice } from '../components/payment-returned-notice.tsx';
import { PortalBalancesCards } from '../components/portal-balances-card.tsx';
import { PortalClientUrl } from '../components/portal-client-url.tsx';
import { PortalCourtDatesCard } from '../components/portal-court-dates-card.tsx';
import { PortalMattersCard } from '../components/portal-matters-card.tsx';
import { PortalPrivacyFooter, PortalPrivacyNoticeGate } from '../components/portal-privacy-notice-gate.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

// The other tabs' code comes when the client opens one: a client's phone downloads and runs only the
// overview they land on (the tabs were a sixth of its JavaScript, and a third of its files).
const PortalMattersTab = lazy(async () => ({ default: (await import('../components/portal-matters-tab.tsx')).PortalMattersTab }));
const PortalInvoicesTab = lazy(async () => ({ default: (await import('../components/portal-invoices-tab.tsx')).PortalInvoicesTab }));
const PortalTrustTab = lazy(async () => ({ default: (await import('../components/portal-trust-tab.tsx')).PortalTrustTab }));
const PortalDocumentsTab = lazy(async () => ({ default: (await import('../components/portal-documents-tab.tsx')).PortalDocumentsTab }));
const PortalMessagesTab = lazy(async () => ({ default: (await import('../components/portal-messages-tab.tsx')).PortalMessagesTab }));
const PortalSettingsTab = lazy(async () => ({ default: (await import('../components/portal-settings-tab.tsx')).PortalSettingsTab }));

/** The portal's tabs (?activeTab=) by the names their buttons show, for the page's title. */
const PORTAL_TAB_LABELS: Record<string, string> = {
  overview: 'Overview',
  matters: 'Matters',
  invoices: 'Invoices',
  trust: 'Trust',
  documents: 'Documents',
  messages: 'Messages',
  settings: 'Settings',
};

/** A tab's content, drawn only while it is the open tab. */
function TabContent({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  return isOpen ? <Suspense fallback={<LoadingSpinner />}>{children}</Suspense> : null;
}

/** What the firm shared lately, newest first. */
function RecentlySharedCard({ items }: { items: { kind: string; id: string; matterName: string; title: string; date: string }[] }) {
  if (items.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="portal-recently-shared">
      <Stack gap="xs">
        <Text component="h2" id="portal-recently-shared" fw={600} size="md" m={0}>
          New from your firm
        </Text>
        {items.map((item) => (
          <Text key={`${item.kind}-${item.id}`} size="sm">
            {isoToDisplayDate(item.date)} · {item.title} ({item.matterName})
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

/** A card another feature adds to the overview (the documents to sign), composed by the app's routes. */
export type PortalOverviewCardSlot = ComponentType<{ clientId: string | null }>;

export function PortalOverviewPage({ signaturesCard: SignaturesCard }: { signaturesCard?: PortalOverviewCardSlot } = {}) {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const profile = session.portalProfile;
  const activeTab = searchParams.get('activeTab') ?? 'overview';
  const overview = useQuery(portalOverviewQuery(session.clientId));
  // Asked for at once, beside the overview, though its card is drawn after the overview's.
  usePortalMatters(session.clientId);

  return (
    <Box mih="100vh" bg="gray.0">
      <PageTitle parts={[PORTAL_TAB_LABELS[activeTab], profile?.firmName ?? 'Client portal']} />
      <PortalClientUrl />
      <Group
        component="header"
        justify="space-between"
        px="lg"
        py="sm"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="sm">
          {profile?.firmLogo && <Image src={profile.firmLogo} alt={`${profile.firmName} logo`} h={40} w="auto" fit="contain" />}
          <Text fw={700} size="lg">
            {profile?.firmName ?? 'Client portal'}
          </Text>
        </Group>
        <Group gap="sm">
          {profile && (
            <Text size="sm" fw={500}>
              {profile.name}
            </Text>
          )}
          <Button variant="default" onClick={() => void session.logout()}>
            Logout
          </Button>
        </Group>
      </Group>
      {/* At least a screen high: the footer (the data-protection officer) starts below the fold, and a tab's content arriving never pushes it down under the reader. */}
      <Stack component="main" p="lg" maw={960} mx="auto" mih="100dvh">
        <PaymentReturnedNotice isShown={searchParams.get('payment') === 'returned'} />
        <PortalPrivacyNoticeGate>
          {/* Above the tabs: every tab has the page's heading (issue 64: six tabs had none). */}
          <Title order={1} size="h2">
            Welcome{profile ? `, ${profile.name}` : ''}
          </Title>
          <Tabs value={activeTab} onChange={(tab) => setSearchParams({ activeTab: tab ?? 'overview' })}>
            <Tabs.List>
              <Tabs.Tab value="overview">Overview</Tabs.Tab>
              <Tabs.Tab value="matters">Matters</Tabs.Tab>
              <Tabs.Tab value="invoices">Invoices</Tabs.Tab>
              <Tabs.Tab value="trust">Trust</Tabs.Tab>
              <Tabs.Tab value="documents">Documents</Tabs.Tab>
              <Tabs.Tab value="messages">Messages</Tabs.Tab>
              <Tabs.Tab value="settings">Settings</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="overview" pt="md">
              <Stack>
                <Card withBorder>
                  <Stack gap={4}>
                    <Text fw={600}>Your details</Text>
                    <Text size="sm">Name: {profile?.name ?? '—'}</Text>
                    <Text size="sm">Email: {profile?.email ?? '—'}</Text>
                    {/* A contact signs in as themselves (issue 64): the client they act for is said apart. */}
                    {profile && profile.clientName !== profile.name && <Text size="sm">Client: {profile.clientName}</Text>}
                    <Text size="sm">Firm: {profile?.firmName ?? '—'}</Text>
                  </Stack>
                </Card>
                {/* The matters come under the overview's cards, once they are drawn: nothing then appears above them and pushes them down. */}
                {overview.isLoading ? (
                  <LoadingSpinner label="Loading your overview" />
                ) : (
                  <>
                    {SignaturesCard && <SignaturesCard clientId={session.clientId} />}
                    {overview.data && <PortalBalancesCards balancesDue={overview.data.balancesDue} trustHeld={overview.data.trustHeld} />}
                    {overview.data && <PortalCourtDatesCard courtDates={overview.data.nextCourtDates} />}
                    {overview.data && <RecentlySharedCard items={overview.data.recentlyShared} />}
                    <PortalMattersCard clientId={session.clientId} />
                  </>
                )}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="matters" pt="md">
              <TabContent isOpen={activeTab === 'matters'}>
                <PortalMattersTab clientId={session.clientId} />
              </TabContent>
            </Tabs.Panel>
            <Tabs.Panel value="invoices" pt="md">
              <TabContent isOpen={activeTab === 'invoices'}>
                <PortalInvoicesTab clientId={session.clientId} />
              </TabContent>
            </Tabs.Panel>
            <Tabs.Panel value="trust" pt="md">
              <TabContent isOpen={activeTab === 'trust'}>
                <PortalTrustTab clientId={session.clientId} />
              </TabContent>
            </Tabs.Panel>
            <Tabs.Panel value="documents" pt="md">
              <TabContent isOpen={activeTab === 'documents'}>
                <PortalDocumentsTab clientId={session.clientId} />
              </TabContent>
            </Tabs.Panel>
            <Tabs.Panel value="messages" pt="md">
              <TabContent isOpen={activeTab === 'messages'}>
                <PortalMessagesTab clientId={session.clientId} firmName={profile?.firmName ?? 'your firm'} />
              </TabContent>
            </Tabs.Panel>
            <Tabs.Panel value="settings" pt="md">
              <TabContent isOpen={activeTab === 'settings'}>
                <PortalSettingsTab />
              </TabContent>
            </Tabs.Panel>
          </Tabs>
        </PortalPrivacyNoticeGate>
      </Stack>
      <PortalPrivacyFooter onRead={() => setSearchParams({ activeTab: 'settings' })} />
    </Box>
  );
}
