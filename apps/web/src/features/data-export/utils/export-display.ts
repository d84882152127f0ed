import type { DataExport, DataExportStatus } from '@matterhorn/shared';
import { displayDateTime } from '../../../lib/date-time.ts';

export { sizeText } from '../../../lib/file-size.ts';

export const STATUS_LABELS: Record<DataExportStatus, string> = {
  running: 'Running',
  ready: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
};

export const STATUS_COLORS: Record<DataExportStatus, string> = {
  running: 'blue',
  ready: 'green',
  failed: 'red',
  expired: 'gray',
};

/** The Download button's name: which export, by when it was started (several may be listed). */
export const downloadLabel = (dataExport: DataExport) => `Download export of ${displayDateTime(dataExport.createdAt)}`;

/** A date cell's text, "—" when there is none yet. */
export const dateTimeOrDash = (iso: string | null) => (iso ? displayDateTime(iso) : '—');
