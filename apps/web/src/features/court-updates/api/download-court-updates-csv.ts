import { courtUpdateListRoute, type CourtUpdateListQuery } from '@matterhorn/shared';
import { contractUrl } from '../../../lib/api/call-contract.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { courtUpdateFiltersOf, courtUpdateListParams } from './court-update-list.ts';

/** The filtered list as CSV: the same filter and order with IsDownlodCsv=true (SPEC.md's spelling). */
export function courtUpdatesCsvUrl(query: CourtUpdateListQuery): string {
  return contractUrl(courtUpdateListRoute, { query: courtUpdateListParams({ ...courtUpdateFiltersOf(query), IsDownlodCsv: true }) });
}

export const downloadCourtUpdatesCsv = (query: CourtUpdateListQuery): Promise<void> =>
  downloadCsv(courtUpdatesCsvUrl(query), 'court-updates.csv');
