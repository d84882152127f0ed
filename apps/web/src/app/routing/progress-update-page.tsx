import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UrlTabs } from '../../components/url-tabs.tsx';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { PageTitle } from '../../components/page-title.tsx';

/** SPEC.md §3's two tabs of /progress-update (?activeTab=), each shown to those who may see it. */
export const PROGRESS_UPDATE_TABS = [
  { value: 'progress-notes', label: 'Progress Notes', permission: 'progressNote', createPermission: 'progressNote.create' },
  { value: 'court-update', label: 'Court Updates', permission: 'courtUpdate', createPermission: 'courtUpdate.create' },
] as const;

export const ADD_PROGRESS_UPDATE_PATH = '/progress-update/add-progress-update';

export type ProgressUpdatePageProps = { progressNotes: ReactNode; courtUpdates: ReactNode };

/**
 * /progress-update: the progress notes and court updates lists, composed here because they come
 * from two features (features never import each other).
 */
export function ProgressUpdatePage({ progressNotes, courtUpdates }: ProgressUpdatePageProps) {
  const { permissions } = useSession();
  const [searchParams] = useSearchParams();
  const tabs = PROGRESS_UPDATE_TABS.filter((tab) => hasPermissions(permissions, [tab.permission]));
  const active = tabs.find((tab) => tab.value === searchParams.get('activeTab')) ?? tabs[0];
  const canAdd = active !== undefined && hasPermissions(permissions, [active.createPermission]);
  const addPath = active?.value === 'court-update' ? `${ADD_PROGRESS_UPDATE_PATH}?iscourtupdate=true` : ADD_PROGRESS_UPDATE_PATH;

  return (
    <Stack gap="md">
      <PageTitle parts={[active?.label, 'Progress Update']} />
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Progress Update</Title>
        {canAdd && (
          <Button component={Link} to={addPath}>
            Add Progress Update
          </Button>
        )}
      </Group>
      <UrlTabs tabs={tabs} keepsOtherParams={false}>
        <Tabs.Panel value="progress-notes" pt="md">
          {progressNotes}
        </Tabs.Panel>
        <Tabs.Panel value="court-update" pt="md">
          {courtUpdates}
        </Tabs.Panel>
      </UrlTabs>
    </Stack>
  );
}

/** Each tab's (each form's) feature loads when it is shown, so the page carries one, not both. */
const LazyProgressNotesListView = lazy(async () => ({
  default: (await import('../../features/progress-notes/components/progress-notes-list-view.tsx')).ProgressNotesListView,
}));
const LazyCourtUpdatesListView = lazy(async () => ({
  default: (await import('../../features/court-updates/components/court-updates-list-view.tsx')).CourtUpdatesListView,
}));

export function ProgressUpdateRoute() {
  return (
    <ProgressUpdatePage
      progressNotes={
        <Suspense fallback={<LoadingSpinner />}>
          <LazyProgressNotesListView />
        </Suspense>
      }
      courtUpdates={
        <Suspense fallback={<LoadingSpinner />}>
          <LazyCourtUpdatesListView />
        </Suspense>
      }
    />
  );
}
