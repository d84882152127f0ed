import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { usePrefetchQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { downloadTimeEntriesCsv } from '../api/download-time-entries-csv.ts';
import { timeEntryListQuery } from '../api/time-entry-list.ts';
import { QuickAddLine } from '../components/quick-add-line.tsx';
import { TimeEntryFilters } from '../components/time-entry-filters.tsx';
import { TimeEntryListView } from '../components/time-entry-list-view.tsx';
import { TIME_ENTRY_LIST, timeEntryListQueryFrom } from '../utils/time-entry-list-params.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/** The tab that shows Suggested time (`?tab=suggested`); the entries are the page's own, unnamed tab. */
export const SUGGESTED_TAB = 'suggested';

/**
 * /time-entries: SPEC.md §3's filters, search, sort, paging, totals and CSV, all kept in the URL;
 * beside them the Suggested time tab, which the suggested-time feature fills (features never import each other).
 */
export function TimeEntriesPage({ suggestedTime, suggestionCount }: { suggestedTime?: ReactNode; suggestionCount?: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === SUGGESTED_TAB && suggestedTime ? SUGGESTED_TAB : 'entries';
  const chooseTab = (value: string | null) =>
    setSearchParams(
      (params) => {
        if (value === SUGGESTED_TAB) params.set('tab', SUGGESTED_TAB);
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );
  const session = useSession();
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const canViewAll = can('timeEntry.viewAll');
  const list = useListParams(TIME_ENTRY_LIST);
  const query = timeEntryListQueryFrom(list, { canViewAll });
  // The rows are asked for as the page renders, before the list below is built: their answer is on
  // its way while the filters' and list's code runs (the page's largest paint is a row).
  usePrefetchQuery(timeEntryListQuery(query));

  const entries = (
    <Stack gap="md">
      <TimeEntryFilters list={list} canViewAll={canViewAll} />
      <TimeEntryListView query={query} list={list} />
    </Stack>
  );
  return (
    <Stack gap="md">
      <PageTitle parts={['Time Entries']} />
      <Group justify="space-between">
        <Title order={1}>Time Entries</Title>
        <Group gap="sm">
          <CsvDownloadButton download={() => downloadTimeEntriesCsv(query)} />
          {can('timeEntry.create') && <Button onClick={() => timeEntryPopup.open({})}>New Time Entry</Button>}
        </Group>
      </Group>
      {can('timeEntry.create') && <QuickAddLine />}

      {suggestedTime ? (
        <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="entries">Entries</Tabs.Tab>
            <Tabs.Tab value={SUGGESTED_TAB} rightSection={suggestionCount}>
              Suggested time
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="entries" pt="md">
            {entries}
          </Tabs.Panel>
          <Tabs.Panel value={SUGGESTED_TAB} pt="md">
            {suggestedTime}
          </Tabs.Panel>
        </Tabs>
      ) : (
        entries
      )}
    </Stack>
  );
}
