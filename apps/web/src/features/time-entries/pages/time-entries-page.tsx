import { Button, Group, Stack, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { timeEntryPopup } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadTimeEntriesCsv } from '../api/download-time-entries-csv.ts';
import { TimeEntryFilters, type TimeEntryFilterValues } from '../components/time-entry-filters.tsx';
import { TimeEntryListView } from '../components/time-entry-list-view.tsx';
import {
  LIST_PARAMS,
  nextSort,
  sortFrom,
  timeEntryListQueryFrom,
  withListParams,
  type ListParamChanges,
} from '../utils/time-entry-list-params.ts';

/** /time-entries: SPEC.md §3's filters, search, sort, paging, totals and CSV, all kept in the URL. */
export function TimeEntriesPage() {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const [isDownloading, setIsDownloading] = useState(false);
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const canViewAll = can('timeEntry.viewAll');

  const query = timeEntryListQueryFrom(searchParams, { canViewAll });
  const sort = sortFrom(searchParams);
  const read = (name: keyof typeof LIST_PARAMS) => searchParams.get(LIST_PARAMS[name]) ?? '';
  const filters: TimeEntryFilterValues = {
    search: read('search'),
    billable: read('billable'),
    clientId: read('client'),
    matterId: read('matter'),
    feeEarner: canViewAll ? read('feeEarner') : '',
    from: query.FromTimeEntryDateCreated ?? '',
    to: query.ToTimeEntryDateCreated ?? '',
  };

  const change = (changes: ListParamChanges) => setSearchParams((previous) => withListParams(previous, changes), { replace: true });

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadTimeEntriesCsv(query);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Download failed');
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Time Entries</Title>
        <Group gap="sm">
          <Button variant="default" loading={isDownloading} onClick={() => void download()}>
            Download CSV
          </Button>
          {can('timeEntry.create') && <Button onClick={() => timeEntryPopup.open({})}>New Time Entry</Button>}
        </Group>
      </Group>

      <AfterFirstPaint>
        <TimeEntryFilters values={filters} onChange={change} canViewAll={canViewAll} />
        <TimeEntryListView
          query={query}
          sort={sort}
          onSort={(column) => {
            const next = nextSort(sort, column);
            change({ sortColumn: next.column, sortType: next.type });
          }}
          onPageChange={(page) => change({ page: String(page) })}
          onSizeChange={(size) => change({ size: String(size) })}
        />
      </AfterFirstPaint>
    </Stack>
  );
}
