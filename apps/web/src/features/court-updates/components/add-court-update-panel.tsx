import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import type { OfflineWrite } from '../../../lib/offline/offline-writes.ts';
import { useOfflineWriteToEdit } from '../../../lib/offline/use-offline-writes.ts';
import { toast } from '../../../lib/toasts.ts';
import { courtUpdateKeys } from '../api/court-update-list.ts';
import { COURT_UPDATES_LIST_PATH, SAVED_MESSAGE, viewCourtUpdatePath } from '../utils/court-update-display.ts';
import { newCourtUpdateValues, type CourtUpdateFormValues } from '../utils/court-update-form-values.ts';
import { CourtUpdateForm } from './court-update-form.tsx';

/**
 * The court update form of /progress-update/add-progress-update?iscourtupdate=true (?matterId=
 * opens it on that matter; ?offlineWrite= on an update written offline, to correct it); a save
 * shows the new update, and one kept on the device (no connection) returns to where it belongs.
 */
export function AddCourtUpdatePanel({ matterId }: { matterId?: string }) {
  const kept = useOfflineWriteToEdit();
  if (kept.isLoading) return <LoadingSpinner />;
  return <AddCourtUpdateForm matterId={matterId} kept={kept.write?.kind === 'courtUpdate' ? kept.write : undefined} />;
}

function AddCourtUpdateForm({ matterId, kept }: { matterId?: string; kept: OfflineWrite | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initialValues] = useState(() => (kept ? (kept.formValues as CourtUpdateFormValues) : newCourtUpdateValues({ matterId })));
  const returnTo = matterId ? `/matter/${matterId}?activeTab=court-updates` : COURT_UPDATES_LIST_PATH;
  return (
    <CourtUpdateForm
      initialValues={initialValues}
      cancelTo={returnTo}
      replacesOfflineWrite={kept?.key}
      onKept={() => navigate(returnTo)}
      onSaved={(update) => {
        toast.success(SAVED_MESSAGE);
        void queryClient.invalidateQueries({ queryKey: courtUpdateKeys.all });
        navigate(viewCourtUpdatePath(update.id));
      }}
    />
  );
}
