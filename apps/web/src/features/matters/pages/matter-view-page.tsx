import { Anchor, Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { hasPermissions, type MatterView } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage, LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { UrlTabs, useUrlTabTitle } from '../../../components/url-tabs.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { closeMatter, deleteMatter, reopenMatter } from '../api/change-matter-status.ts';
import { customFieldsQuery } from '../../../lib/lookups/custom-fields.ts';
import { useMatterView } from '../api/get-matter-view.ts';
import { MatterNotFound } from '../components/matter-not-found.tsx';
import { CloseMatterModal, DeleteMatterModal } from '../components/matter-status-modals.tsx';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { focusNextPageHeading } from '../../../lib/focus.ts';

/** The Overview tab's code (details and budget) loads only when that tab is shown. */
const LazyMatterOverviewPanel = lazy(async () => ({
  default: (await import('../components/matter-overview-panel.tsx')).MatterOverviewPanel,
}));

/**
 * The view's tabs (?activeTab=); every tab but the overview is filled by a later module, and shown
 * only to those who hold its module's permission (SPEC.md §6), as the client view's are.
 */
export const MATTER_TABS = [
  { value: 'overview', label: 'Overview', module: '', permission: null },
  { value: 'time', label: 'Time', module: 'Time entries', permission: 'timeEntry' },
  { value: 'expenses', label: 'Expenses', module: 'Expenses', permission: null },
  { value: 'notes', label: 'Notes', module: 'Progress notes', permission: 'progressNote' },
  // Every firm member may see and manage tasks.
  { value: 'tasks', label: 'Tasks', module: 'Tasks', permission: null },
  { value: 'court-updates', label: 'Court updates', module: 'Court updates', permission: 'courtUpdate' },
  { value: 'invoices', label: 'Invoices', module: 'Invoices', permission: 'invoice' },
  { value: 'trust', label: 'Trust', module: 'Trust accounting', permission: 'trustAccountRequest' },
  { value: 'documents', label: 'Documents', module: 'Documents', permission: 'document' },
  { value: 'messages', label: 'Messages', module: 'Client messages', permission: null },
  // SMS and WhatsApp updates to the client (ADR 90): their log, for those who see client details.
  { value: 'texts', label: 'SMS & WhatsApp', module: 'SMS and WhatsApp', permission: 'clientInfo' },
] as const;

type Pending = 'close' | 'reopen' | 'delete' | null;

export type MatterTabValue = (typeof MATTER_TABS)[number]['value'];

export type MatterViewPageProps = {
  /**
   * Tabs filled by other features, composed in app/routing (features never import each other);
   * a tab without one says its module is coming.
   */
  tabPanels?: Partial<Record<MatterTabValue, (matter: MatterView) => ReactNode>>;
};

export function MatterViewPage({ tabPanels = {} }: MatterViewPageProps) {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const matter = useMatterView(id);
  const customFields = useQuery(customFieldsQuery('matter'));
  const [openModal, setOpenModal] = useState<'close' | 'delete' | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const tabs = MATTER_TABS.filter((tab) => tab.permission === null || can(tab.permission));
  const tabTitle = useUrlTabTitle(tabs);

  if (matter.isPending) return <LoadingPage title={['Matters']} />;
  if (!matter.data) return <MatterNotFound />;
  const view = matter.data;
  const currency = session.workingUser?.currency ?? '';

  const run = async (kind: Exclude<Pending, null>, action: () => Promise<void>, after: () => void) => {
    if (pending) return;
    setPending(kind);
    try {
      await action();
      after();
    } catch {
      // The API client has already shown the error.
    } finally {
      setPending(null);
    }
  };
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['matters'] });
    void queryClient.invalidateQueries({ queryKey: lookupKeys.clientMatters() });
  };

  return (
    <Stack gap="md">
      <PageTitle parts={[tabTitle, view.matterName, 'Matters']} />
      <Group justify="space-between" align="flex-start">
        <div>
          <Anchor component={Link} to="/matter/matter-list" size="sm">
            ← Matters
          </Anchor>
          <Group gap="sm" align="center">
            <Title order={1}>{view.matterName}</Title>
            <Badge color={view.status === 'Open' ? 'green' : 'gray'} variant="light">
              {view.status}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {[view.matterNumber, view.client.name].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap="sm">
          {can('matterMaster.edit') && (
            <Button component={Link} to={`/matter/${view.id}/edit`} variant="default">
              Edit
            </Button>
          )}
          {can('matterMaster.edit') && view.status === 'Open' && (
            <Button variant="default" onClick={() => setOpenModal('close')}>
              Close matter
            </Button>
          )}
          {can('matterMaster.edit') && view.status === 'Closed' && (
            <Button
              variant="default"
              loading={pending === 'reopen'}
              onClick={() => void run('reopen', () => reopenMatter(view.id), refresh)}
            >
              Reopen matter
            </Button>
          )}
          {can('matterMaster.delete') && (
            <Button color="red" variant="light" onClick={() => setOpenModal('delete')}>
              Delete
            </Button>
          )}
        </Group>
      </Group>

      <UrlTabs tabs={tabs}>
        <Tabs.Panel value="overview" pt="md">
          <Suspense fallback={<LoadingSpinner label="Loading the matter’s details" />}>
            <LazyMatterOverviewPanel
              matter={view}
              currencySymbol={currency}
              customFields={customFields.data ?? []}
              canEditBudget={can('matterMaster.edit')}
              defaultResponsibleUserId={view.matterAssignedToInfos[0]?.userId ?? session.workingUser?.profileId ?? ''}
            />
          </Suspense>
        </Tabs.Panel>
        {tabs
          .filter((tab) => tab.module)
          .map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value} pt="md">
              {tabPanels[tab.value]?.(view) ?? (
                <Text c="dimmed">
                  {tab.label} for this matter will appear here when the {tab.module} module arrives.
                </Text>
              )}
            </Tabs.Panel>
          ))}
      </UrlTabs>

      <CloseMatterModal
        opened={openModal === 'close'}
        onClose={() => setOpenModal(null)}
        isSubmitting={pending === 'close'}
        onConfirm={(closeDate) =>
          void run(
            'close',
            () => closeMatter(view.id, closeDate),
            () => {
              setOpenModal(null);
              refresh();
            },
          )
        }
      />
      <DeleteMatterModal
        opened={openModal === 'delete'}
        onClose={() => setOpenModal(null)}
        isSubmitting={pending === 'delete'}
        matterName={view.matterName}
        onConfirm={() =>
          void run(
            'delete',
            () => deleteMatter(view.id),
            () => {
              setOpenModal(null);
              queryClient.removeQueries({ queryKey: ['matters', 'view', view.id] });
              void queryClient.invalidateQueries({ queryKey: ['matters', 'list'] });
              void queryClient.invalidateQueries({ queryKey: lookupKeys.clientMatters() });
              // The matter's page goes: focus starts again at the list's heading.
              focusNextPageHeading();
              navigate('/matter/matter-list');
            },
          )
        }
      />
    </Stack>
  );
}
