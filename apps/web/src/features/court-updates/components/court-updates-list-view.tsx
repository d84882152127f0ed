import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toasts.ts';
import { downloadCourtUpdatesCsv } from '../api/download-court-updates-csv.ts';
import {
  courtUpdateListQueryFrom,
  LIST_PARAMS,
  nextSort,
  sortFrom,
  withListParams,
  type ListParamChanges,
} from '../utils/court-update-list-params.ts';
import { CourtUpdateFilters, type CourtUpdateFilterValues } from './court-update-filters.tsx';
import { CourtUpdateResults } from './court-update-results.tsx';

/**
 * The Court Updates tab of /progress-update?activeTab=court-update: filters, search (the global
 * search's `&search=`), sort, paging and CSV, all kept in the URL. With a matterId the list is that
 * matter's alone.
 */
export function CourtUpdatesListView({ matterId }: { matterId?: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [isDownloading, setIsDownloading] = useState(false);

  const fromUrl = courtUpdateListQueryFrom(searchParams);
  const query = matterId ? { ...fromUrl, MatterId: matterId } : fromUrl;
  const sort = sortFrom(searchParams);
  const filters: CourtUpdateFilterValues = {
    search: searchParams.get(LIST_PARAMS.search) ?? '',
    clientId: query.ClientId ?? '',
    matterId: query.MatterId ?? '',
    courtId: query.CourtId ?? '',
    hearingFrom: query.FromHearingDate ?? '',
    hearingTo: query.ToHearingDate ?? '',
    nextFrom: query.FromNextAdjournedDate ?? '',
    nextTo: query.ToNextAdjournedDate ?? '',
  };

  const change = (changes: ListParamChanges) => setSearchParams((previous) => withListParams(previous, changes), { replace: true });

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadCourtUpdatesCsv(query);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Download failed');
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button variant="default" loading={isDownloading} onClick={() => void download()}>
          Download CSV
        </Button>
      </Group>
      <CourtUpdateFilters values={filters} onChange={change} hideMatterFilters={matterId !== undefined} />
      <CourtUpdateResults
        query={query}
        sort={sort}
        onSort={(column) => {
          const next = nextSort(sort, column);
          change({ sortColumn: next.column, sortType: next.type });
        }}
        onPageChange={(page) => change({ page: String(page) })}
        onSizeChange={(size) => change({ size: String(size) })}
        hideMatterColumns={matterId !== undefined}
      />
    </Stack>
  );
}
