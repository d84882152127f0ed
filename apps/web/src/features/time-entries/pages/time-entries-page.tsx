import { Button, Group, Stack, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { usePrefetchQuery } from '@tanstack/react-query';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { downloadTimeEntriesCsv } from '../api/download-time-entries-csv.ts';
import { timeEntryListQuery } from '../api/time-entry-list.ts';
import { TimeEntryFilters } from '../components/time-entry-filters.tsx';
import { TimeEntryListView } from '../components/time-entry-list-view.tsx';
import { TIME_ENTRY_LIST, timeEntryListQueryFrom } from '../utils/time-entry-list-params.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/** /time-entries: SPEC.md §3's filters, search, sort, paging, totals and CSV, all kept in the URL. */
export function TimeEntriesPage() {
  const session = useSession();
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const canViewAll = can('timeEntry.viewAll');
  const list = useListParams(TIME_ENTRY_LIST);
  const query = timeEntryListQueryFrom(list, { canViewAll });
  // The rows are asked for as the page renders, before the list below is built: their answer is on
  // its way while the filters' and list's code runs (the page's largest paint is a row).
  usePrefetchQuery(timeEntryListQuery(query));

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

      <TimeEntryFilters list={list} canViewAll={canViewAll} />
      <TimeEntryListView query={query} list={list} />
    </Stack>
  );
}
