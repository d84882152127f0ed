import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toasts.ts';
import { courtUpdateKeys } from '../api/court-update-list.ts';
import { COURT_UPDATES_LIST_PATH, SAVED_MESSAGE, viewCourtUpdatePath } from '../utils/court-update-display.ts';
import { newCourtUpdateValues } from '../utils/court-update-form-values.ts';
import { CourtUpdateForm } from './court-update-form.tsx';

/**
 * The court update form of /progress-update/add-progress-update?iscourtupdate=true (?matterId=
 * opens it on that matter); a save shows the new update.
 */
export function AddCourtUpdatePanel({ matterId }: { matterId?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initialValues] = useState(() => newCourtUpdateValues({ matterId }));
  return (
    <CourtUpdateForm
      initialValues={initialValues}
      cancelTo={matterId ? `/matter/${matterId}?activeTab=court-updates` : COURT_UPDATES_LIST_PATH}
      onSaved={(update) => {
        toast.success(SAVED_MESSAGE);
        void queryClient.invalidateQueries({ queryKey: courtUpdateKeys.all });
        navigate(viewCourtUpdatePath(update.id));
      }}
    />
  );
}
