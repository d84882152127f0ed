import type { FlatFeeListQuery } from '@matterhorn/shared';
import { API_BASE, buildQueryString } from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { FLAT_FEE_LIST_PATH, flatFeeFiltersOf, flatFeeListParams } from './flat-fee-list.ts';

/** The filtered list as CSV: the same filter and order with IsDownlodCsv=true (SPEC.md's spelling). */
export function flatFeesCsvUrl(query: FlatFeeListQuery): string {
  return `${API_BASE}${FLAT_FEE_LIST_PATH}${buildQueryString(flatFeeListParams({ ...flatFeeFiltersOf(query), IsDownlodCsv: true }))}`;
}

export const downloadFlatFeesCsv = (query: FlatFeeListQuery): Promise<void> => downloadCsv(flatFeesCsvUrl(query), 'flat-fees.csv');
