import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { matterClientQuery } from '../../../lib/lookups/matter-client.ts';
import { progressNoteKeys } from '../api/progress-note-list.ts';
import { viewProgressNotePath } from '../utils/progress-note-display.ts';
import { newProgressNoteValues } from '../utils/progress-note-form-values.ts';
import { ProgressNoteForm } from './progress-note-form.tsx';

/** The add form of /progress-update/add-progress-update; ?matterId= opens it on that matter (and its client). */
export function AddProgressNotePanel({ matterId }: { matterId?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useQuery(matterClientQuery(matterId ?? ''));
  if (matterId && client.isPending) return <LoadingSpinner />;
  return (
    <AddForm
      clientId={client.data ?? undefined}
      matterId={client.data ? matterId : undefined}
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
  onSaved,
}: {
  clientId?: string | undefined;
  matterId?: string | undefined;
  onSaved: (id: string) => void;
}) {
  const [initialValues] = useState(() => newProgressNoteValues({ clientId, matterId }));
  return <ProgressNoteForm initialValues={initialValues} onSaved={(note) => onSaved(note.id)} />;
}
