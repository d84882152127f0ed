import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { matterClientQuery } from '../../../lib/lookups/matter-client.ts';
import type { OfflineWrite } from '../../../lib/offline/offline-writes.ts';
import { useOfflineWriteToEdit } from '../../../lib/offline/use-offline-writes.ts';
import { progressNoteKeys } from '../api/progress-note-list.ts';
import { PROGRESS_NOTES_PATH, viewProgressNotePath } from '../utils/progress-note-display.ts';
import { newProgressNoteValues, type ProgressNoteFormValues } from '../utils/progress-note-form-values.ts';
import { ProgressNoteForm } from './progress-note-form.tsx';

/**
 * The add form of /progress-update/add-progress-update; ?matterId= opens it on that matter (and its
 * client), ?offlineWrite= on a note written offline, to correct it.
 */
export function AddProgressNotePanel({ matterId }: { matterId?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useQuery(matterClientQuery(matterId ?? ''));
  const kept = useOfflineWriteToEdit();
  if ((matterId && client.isPending) || kept.isLoading) return <LoadingSpinner />;
  return (
    <AddForm
      clientId={client.data ?? undefined}
      matterId={client.data ? matterId : undefined}
      kept={kept.write?.kind === 'progressNote' ? kept.write : undefined}
      onKept={() => navigate(matterId ? `/matter/${matterId}?activeTab=notes` : PROGRESS_NOTES_PATH)}
      onSaved={(id) => {
        void queryClient.invalidateQueries({ queryKey: progressNoteKeys.all });
        navigate(viewProgressNotePath(id));
      }}
    />
  );
}

function AddForm({
  clientId,
  matterId,
  kept,
  onKept,
  onSaved,
}: {
  clientId?: string | undefined;
  matterId?: string | undefined;
  kept: OfflineWrite | undefined;
  onKept: () => void;
  onSaved: (id: string) => void;
}) {
  const [initialValues] = useState(() =>
    kept ? (kept.formValues as ProgressNoteFormValues) : newProgressNoteValues({ clientId, matterId }),
  );
  return (
    <ProgressNoteForm initialValues={initialValues} replacesOfflineWrite={kept?.key} onKept={onKept} onSaved={(note) => onSaved(note.id)} />
  );
}
