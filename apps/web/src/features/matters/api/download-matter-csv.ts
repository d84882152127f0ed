import { type MatterListQuery, matterListRoute } from '@matterhorn/shared';
import { contractUrl } from '../../../lib/api/call-contract.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { matterListParams } from './get-matter-list.ts';

/** The filtered list as CSV: the same query with IsDownlodCsv=true (SPEC.md's spelling), every page. */
export function downloadMatterCsv(query: MatterListQuery): Promise<void> {
  const params = matterListParams({ ...query, page: undefined, size: undefined, IsDownlodCsv: true });
  return downloadCsv(contractUrl(matterListRoute, { query: params }), 'matters.csv');
}
