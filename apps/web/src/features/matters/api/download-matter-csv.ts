import type { MatterListQuery } from '@matterhorn/shared';
import { API_BASE, buildQueryString } from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { MATTER_LIST_PATH, matterListParams } from './get-matter-list.ts';

/** The filtered list as CSV: the same query with IsDownlodCsv=true (SPEC.md's spelling), every page. */
export function downloadMatterCsv(query: MatterListQuery): Promise<void> {
  const params = matterListParams({ ...query, page: undefined, size: undefined, IsDownlodCsv: true });
  return downloadCsv(`${API_BASE}${MATTER_LIST_PATH}${buildQueryString(params)}`, 'matters.csv');
}
