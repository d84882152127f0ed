import type { CourtUpdateListQuery } from '@matterhorn/shared';
import { API_BASE, buildQueryString } from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { COURT_UPDATE_LIST_PATH, courtUpdateFiltersOf, courtUpdateListParams } from './court-update-list.ts';

/** The filtered list as CSV: the same filter and order with IsDownlodCsv=true (SPEC.md's spelling). */
export function courtUpdatesCsvUrl(query: CourtUpdateListQuery): string {
  return `${API_BASE}${COURT_UPDATE_LIST_PATH}${buildQueryString(courtUpdateListParams({ ...courtUpdateFiltersOf(query), IsDownlodCsv: true }))}`;
}

export const downloadCourtUpdatesCsv = (query: CourtUpdateListQuery): Promise<void> =>
  downloadCsv(courtUpdatesCsvUrl(query), 'court-updates.csv');
