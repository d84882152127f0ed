import { flatFeeListRoute, type FlatFeeListQuery } from '@matterhorn/shared';
import { contractUrl } from '../../../lib/api/call-contract.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { flatFeeFiltersOf, flatFeeListParams } from './flat-fee-list.ts';

/** The filtered list as CSV: the same filter and order with IsDownlodCsv=true (SPEC.md's spelling). */
export function flatFeesCsvUrl(query: FlatFeeListQuery): string {
  return contractUrl(flatFeeListRoute, { query: flatFeeListParams({ ...flatFeeFiltersOf(query), IsDownlodCsv: true }) });
}

export const downloadFlatFeesCsv = (query: FlatFeeListQuery): Promise<void> => downloadCsv(flatFeesCsvUrl(query), 'flat-fees.csv');
