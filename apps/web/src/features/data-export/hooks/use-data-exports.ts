import type { DataExport } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { dataExportKeys, dataExportListQuery, dataExportStatusQuery } from '../api/data-exports.ts';

export const EXPORT_READY_TEXT = 'Your export is ready: download it from Recent exports.';
export const exportFailedText = (failure: string | null) => `The export failed: ${failure ?? 'start it again'}`;

/**
 * The firm's recent exports, with the newest followed while it runs: its status is polled (after a
 * reload too, since the list says it runs) and shown in its row, and once it has finished the list
 * is read again (its size, its expiry) and the user is told.
 */
export function useDataExports() {
  const queryClient = useQueryClient();
  const list = useQuery(dataExportListQuery);
  const latest = list.data?.[0];
  const runningId = latest?.status === 'running' ? latest.id : null;
  const status = useQuery({ ...dataExportStatusQuery(runningId ?? 'none'), enabled: runningId !== null });
  const followed = runningId !== null && status.data?.id === runningId ? status.data : null;
  const current = followed ?? latest ?? null;

  // Told once per export, when this page saw it finish: not for one that had finished before it opened.
  const toldIds = useRef(new Set<string>());
  useEffect(() => {
    if (!followed || followed.status === 'running' || toldIds.current.has(followed.id)) return;
    toldIds.current.add(followed.id);
    void queryClient.invalidateQueries({ queryKey: dataExportKeys.list });
    if (followed.status === 'ready') toast.success(EXPORT_READY_TEXT);
    if (followed.status === 'failed') toast.error(exportFailedText(followed.failure));
  }, [followed, queryClient]);

  const exports: DataExport[] | null | undefined =
    list.data && list.data.map((row) => (followed && row.id === followed.id ? followed : row));
  return {
    /** undefined while loading, null when the list could not be read. */
    exports,
    isLoading: list.isPending,
    /** The export being built, if any: the start button waits for it. */
    running: current?.status === 'running' ? current : null,
  };
}
