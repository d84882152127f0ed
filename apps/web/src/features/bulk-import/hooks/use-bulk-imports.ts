import type { BulkImport, BulkImportKind } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  bulkImportKeys,
  bulkImportListQuery,
  bulkImportStatusQuery,
  dryRunBulkImport,
  runBulkImport,
  saveBulkImportMapping,
  uploadBulkImport,
} from '../api/bulk-imports.ts';
import { importToResume, stepOf } from '../utils/import-display.ts';

/** The server lists the last 20. */
const LISTED_IMPORTS = 20;

/**
 * The firm's recent imports and the one this page works on: on opening, the one running (or the
 * newest, left before its run) is taken up again, so a reload finds the import where it was; a
 * running one's status is polled until it has finished, then every list is read again (the
 * records it created are in them).
 */
export function useBulkImports() {
  const queryClient = useQueryClient();
  const list = useQuery(bulkImportListQuery);
  // undefined until the list has said whether an import is to be taken up again.
  const [currentId, setCurrentId] = useState<string | null | undefined>(undefined);
  const [isChangingMapping, setIsChangingMapping] = useState(false);
  if (currentId === undefined && list.data !== undefined) setCurrentId(importToResume(list.data ?? [])?.id ?? null);
  const status = useQuery({
    ...bulkImportStatusQuery(currentId ?? 'none'),
    enabled: Boolean(currentId),
    // An import taken up again starts from its row in the list, polled from there while it runs.
    initialData: () => list.data?.find((row) => row.id === currentId),
    initialDataUpdatedAt: list.dataUpdatedAt,
  });
  const current = currentId && status.data?.id === currentId ? status.data : null;

  // Seen running here: once it has finished, the lists (clients, matters, time) are read again.
  const runningIds = useRef(new Set<string>());
  useEffect(() => {
    if (!current) return;
    if (current.status === 'running') {
      runningIds.current.add(current.id);
      return;
    }
    if (!runningIds.current.delete(current.id)) return;
    // Every query but this import's own status, which has just answered.
    const ownKey = bulkImportKeys.status(current.id).join('/');
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.join('/') !== ownKey });
  }, [current, queryClient]);

  /** This import becomes the page's: its answer is shown at once, and listed first. */
  const follow = (bulkImport: BulkImport) => {
    queryClient.setQueryData(bulkImportKeys.status(bulkImport.id), bulkImport);
    queryClient.setQueryData<BulkImport[] | null>(bulkImportKeys.list, (rows) =>
      [bulkImport, ...(rows ?? []).filter((row) => row.id !== bulkImport.id)].slice(0, LISTED_IMPORTS),
    );
    setCurrentId(bulkImport.id);
  };

  const imports: BulkImport[] | null | undefined = list.data && list.data.map((row) => (current && row.id === current.id ? current : row));
  return {
    /** undefined while loading, null when the list could not be read. */
    imports,
    /** The import the steps show; null before a file is uploaded. */
    current,
    /** undefined until the page knows which import it shows. */
    step: currentId === undefined || (currentId !== null && !current) ? undefined : stepOf(current, isChangingMapping),

    upload: async (kind: BulkImportKind, file: File) => {
      follow(await uploadBulkImport(kind, file));
      setIsChangingMapping(false);
    },
    /** Saves the mapping, then the dry run checks every row. */
    check: async (mapping: Record<string, string | null>) => {
      if (!current) return;
      follow(await saveBulkImportMapping(current.id, mapping));
      follow(await dryRunBulkImport(current.id));
      setIsChangingMapping(false);
    },
    run: async () => {
      if (!current) return;
      try {
        follow(await runBulkImport(current.id));
      } catch (error) {
        // 409: it runs already (another tab): shown as it is.
        await queryClient.invalidateQueries({ queryKey: bulkImportKeys.status(current.id) });
        throw error;
      } finally {
        void queryClient.invalidateQueries({ queryKey: bulkImportKeys.list });
      }
    },
    changeMapping: () => setIsChangingMapping(true),
    /** Back to the first step, for another file; the import left stays in Recent imports. */
    startOver: () => {
      setCurrentId(null);
      setIsChangingMapping(false);
    },
  };
}
