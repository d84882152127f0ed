import { Group, Stack } from '@mantine/core';
import { CsvDownloadButton } from '../../../components/list-kit/csv-download-button.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { downloadCourtUpdatesCsv } from '../api/download-court-updates-csv.ts';
import { COURT_UPDATE_LIST, courtUpdateListQueryFrom } from '../utils/court-update-list-params.ts';
import { CourtUpdateFilters, type CourtUpdateFilterValues } from './court-update-filters.tsx';
import { CourtUpdateResults } from './court-update-results.tsx';

/**
 * The Court Updates tab of /progress-update?activeTab=court-update: filters, search (the global
 * search's `&search=`), sort, paging and CSV, all kept in the URL. With a matterId the list is that
 * matter's alone.
 */
export function CourtUpdatesListView({ matterId }: { matterId?: string }) {
  const list = useListParams(COURT_UPDATE_LIST);
  const fromUrl = courtUpdateListQueryFrom(list);
  const query = matterId ? { ...fromUrl, MatterId: matterId } : fromUrl;
  const filters: CourtUpdateFilterValues = {
    search: list.filters.search,
    clientId: query.ClientId ?? '',
    matterId: query.MatterId ?? '',
    courtId: query.CourtId ?? '',
    hearingFrom: query.FromHearingDate ?? '',
    hearingTo: query.ToHearingDate ?? '',
    nextFrom: query.FromNextAdjournedDate ?? '',
    nextTo: query.ToNextAdjournedDate ?? '',
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <CsvDownloadButton download={() => downloadCourtUpdatesCsv(query)} />
      </Group>
      <CourtUpdateFilters values={filters} onChange={list.setFilters} hideMatterFilters={matterId !== undefined} />
      <CourtUpdateResults
        query={query}
        sort={list.sort}
        onSort={list.sortBy}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        hideMatterColumns={matterId !== undefined}
      />
    </Stack>
  );
}
