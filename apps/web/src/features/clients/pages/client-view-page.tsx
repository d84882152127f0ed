import { Anchor, Badge, Button, Grid, Group, Stack, Tabs, Title } from '@mantine/core';
import { hasPermissions, type ClientDetail } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { UrlTabs, useUrlTabTitle } from '../../../components/url-tabs.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { deleteClient } from '../api/client-actions.ts';
import { useClient } from '../api/get-client.ts';
import { customFieldsQuery } from '../../../lib/lookups/custom-fields.ts';
import { ClientDetails } from '../components/client-details.tsx';
import { ClientMatters } from '../components/client-matters.tsx';
import { ClientNotFound } from '../components/client-not-found.tsx';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

// Loaded when a deletion is asked: the modal and its scroll lock are 7 KB no visit needs before.
const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));
// Only the Overview tab shows it: the other tabs, opened by a link, do not download it.
const PortalAccessPanel = lazy(async () => ({ default: (await import('../components/portal-access-panel.tsx')).PortalAccessPanel }));

/** The view's tabs (?activeTab=): the overview, and tabs other features fill, each behind its permission. */
export const CLIENT_TABS = [
  { value: 'overview', label: 'Overview', permission: null },
  { value: 'invoices', label: 'Invoices', permission: 'invoice' },
  { value: 'trust', label: 'Trust', permission: 'trustAccountRequest' },
  { value: 'documents', label: 'Documents', permission: 'document' },
] as const;

/** What deleting a client does, said before it is done (the server refuses one with money history). */
export const clientDeleteWarning = (name: string) =>
  `${name}, its matters and their time, expenses, notes, court updates and documents go to the recycle bin. They can be restored from Settings › Recycle bin until it is emptied. A client with invoices, payments or trust money cannot be deleted: archive it instead.`;

export type ClientTabValue = Exclude<(typeof CLIENT_TABS)[number]['value'], 'overview'>;

export type ClientViewPageProps = {
  /** Tabs filled by other features, composed in app/routing (features never import each other); a tab without one is not shown. */
  tabPanels?: Partial<Record<ClientTabValue, (client: ClientDetail) => ReactNode>>;
  /** Sections other features add to the overview, under portal access (the client's credit balance). */
  overviewAside?: (client: ClientDetail) => ReactNode;
};

/** /clients/:id: details, contacts, custom fields, matters and portal access of one client; its invoices in a tab. */
export function ClientViewPage({ tabPanels = {}, overviewAside }: ClientViewPageProps) {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useClient(id);
  const customFields = useQuery(customFieldsQuery('client'));
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);

  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const tabs = CLIENT_TABS.filter((tab) => tab.value === 'overview' || (tabPanels[tab.value] && can(tab.permission)));
  const tabTitle = useUrlTabTitle(tabs);

  if (client.isPending) return <LoadingPage title={['Clients']} label="Loading client" />;
  if (client.isError || !client.data)
    return (
      <>
        <PageTitle parts={['Clients']} />
        <ClientNotFound error={client.error} />
      </>
    );
  const detail = client.data;

  // A refusal (toasted by the API client) keeps the question open.
  const remove = async () => {
    await deleteClient(detail.id);
    queryClient.removeQueries({ queryKey: ['clients', 'detail', detail.id] });
    void queryClient.invalidateQueries({ queryKey: lookupKeys.associatedClients() });
    await queryClient.invalidateQueries({ queryKey: ['clients', 'list'] });
    // The client's page goes: focus starts again at the list's heading.
    focusNextPageHeading();
    navigate('/clients/list', { replace: true });
  };

  return (
    <Stack gap="md">
      <PageTitle parts={[tabTitle, detail.name, 'Clients']} />
      <Anchor component={Link} to="/clients/list" size="sm">
        Back to clients
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{detail.name}</Title>
          <Group gap="xs" mt={4}>
            <Badge variant="light">{detail.clientType === 'company' ? 'Company' : 'Individual'}</Badge>
            <Badge variant="light" color={detail.status === 'active' ? 'green' : 'gray'}>
              {detail.status === 'active' ? 'Active' : 'Archived'}
            </Badge>
          </Group>
        </div>
        <Group>
          {can('clientInfo.edit') && (
            <Button component={Link} to={`/clients/${detail.id}/edit`} variant="default">
              Edit
            </Button>
          )}
          {can('clientInfo.delete') && (
            <Button color="red" variant="light" onClick={() => setIsConfirmingDelete(true)}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <UrlTabs tabs={tabs}>
        <Tabs.Panel value="overview" pt="md">
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <ClientDetails client={detail} customFields={customFields.data ?? []} />
                <ClientMatters client={detail} canAddMatter={can('matterMaster.create')} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="md">
                <Suspense fallback={null}>
                  <PortalAccessPanel
                    client={detail}
                    canEdit={can('clientInfo.edit')}
                    onChanged={() => queryClient.invalidateQueries({ queryKey: ['clients', 'detail', detail.id] })}
                  />
                </Suspense>
                {overviewAside?.(detail)}
              </Stack>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        {tabs.map(
          (tab) =>
            tab.value !== 'overview' && (
              <Tabs.Panel key={tab.value} value={tab.value} pt="md">
                {tabPanels[tab.value]?.(detail)}
              </Tabs.Panel>
            ),
        )}
      </UrlTabs>
      {isConfirmingDelete && (
        <Suspense fallback={null}>
          <ConfirmModal
            opened
            title="Delete client?"
            confirmLabel="Delete client"
            isDestructive
            onClose={() => setIsConfirmingDelete(false)}
            onConfirm={remove}
          >
            {clientDeleteWarning(detail.name)}
          </ConfirmModal>
        </Suspense>
      )}
    </Stack>
  );
}
